import { randomBytes } from 'node:crypto'
import { promises as fs } from 'node:fs'
import path from 'node:path'
import { isPrinterRole, noPrinterChoices, type PrinterChoices, type PrinterRole } from './printer-roles'

/*
 * The printers chosen on this workstation, kept on the machine itself (a JSON file in Electron's
 * userData folder): another workstation of the same clinic has other printers.
 */

export const printerSettingsFile = 'printers.json'
/** A printer's system name is short; anything longer is not one. */
const MAX_PRINTER_NAME = 256

interface StoredSettings {
  version: 1
  printers: PrinterChoices
}

export const isPrinterName = (value: unknown): value is string =>
  typeof value === 'string' && value.trim().length > 0 && value.length <= MAX_PRINTER_NAME

/** The choices in a parsed file, keeping only known roles with a printer name; anything else is dropped. */
export function choicesFrom(parsed: unknown): PrinterChoices {
  const choices = noPrinterChoices()
  const printers = (parsed as { printers?: unknown } | null)?.printers
  if (!printers || typeof printers !== 'object') return choices
  for (const [role, name] of Object.entries(printers)) if (isPrinterRole(role) && isPrinterName(name)) choices[role] = name
  return choices
}

/** Reads the choices; a missing or unreadable file means none chosen (the settings screen shows it). */
export async function readPrinterChoices(file: string): Promise<PrinterChoices> {
  let text: string
  try {
    text = await fs.readFile(file, 'utf8')
  } catch {
    return noPrinterChoices()
  }
  try {
    return choicesFrom(JSON.parse(text))
  } catch {
    return noPrinterChoices()
  }
}

/** Writes the choices atomically: a temporary file beside it, flushed, then renamed over it. */
export async function writePrinterChoices(file: string, choices: PrinterChoices): Promise<void> {
  const stored: StoredSettings = { version: 1, printers: choicesFrom({ printers: choices }) }
  await fs.mkdir(path.dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`
  const handle = await fs.open(temporary, 'w', 0o600)
  try {
    await handle.writeFile(JSON.stringify(stored, null, 2) + '\n', 'utf8')
    await handle.sync()
  } finally {
    await handle.close()
  }
  try {
    await fs.rename(temporary, file)
  } catch (error) {
    await fs.rm(temporary, { force: true })
    throw error
  }
}

/** Sets one role's printer (null: none) and returns all the choices; writes are queued so two never interleave. */
export function printerStore(file: string) {
  let queue: Promise<unknown> = Promise.resolve()
  return {
    read: () => readPrinterChoices(file),
    set(role: PrinterRole, printer: string | null): Promise<PrinterChoices> {
      const next = queue.then(async () => {
        const choices = await readPrinterChoices(file)
        choices[role] = printer
        await writePrinterChoices(file, choices)
        return choices
      })
      queue = next.catch(() => undefined)
      return next
    }
  }
}
