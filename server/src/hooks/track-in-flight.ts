import type { HookContext, NextFunction } from '../declarations'

/** Counts calls in progress so a graceful shutdown can wait for them to finish. */
export class InFlightCalls {
  private count = 0
  private waiters: Array<() => void> = []

  readonly hook = async (_context: HookContext, next: NextFunction) => {
    this.count += 1
    try {
      await next()
    } finally {
      this.count -= 1
      if (this.count === 0) this.waiters.splice(0).forEach((resolve) => resolve())
    }
  }

  get size() {
    return this.count
  }

  /** Resolves when no call is in progress, or after `timeoutMs`, whichever comes first. */
  drained(timeoutMs: number): Promise<void> {
    if (this.count === 0) return Promise.resolve()
    return new Promise((resolve) => {
      const timer = setTimeout(resolve, timeoutMs)
      this.waiters.push(() => {
        clearTimeout(timer)
        resolve()
      })
    })
  }
}
