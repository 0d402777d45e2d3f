import pino, { type Logger } from 'pino'

/** One JSON line per event on stdout. Never log call data: it holds patients' records. */
export function createLogger(level: string): Logger {
  return pino({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime })
}
