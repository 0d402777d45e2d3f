import type { PrintFailure } from '../../../main/src/printer-roles'

/** A print the desktop shell could not make; toasts show `printers.failures.<reason>`. */
export class PrintFailedError extends Error {
  constructor(readonly reason: PrintFailure) {
    super(`print failed: ${reason}`)
    this.name = 'PrintFailedError'
  }
}

export const isPrintFailedError = (error: unknown): error is PrintFailedError => error instanceof PrintFailedError
