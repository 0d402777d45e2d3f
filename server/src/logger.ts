import pino, { type Logger, type LoggerOptions } from 'pino'
import { BoundedLogWriter } from './log-writer'

const options = (level: string): LoggerOptions => ({ level, base: undefined, timestamp: pino.stdTimeFunctions.isoTime })

let stdout: BoundedLogWriter | undefined

/**
 * The one writer of this process's stdout, shared by every logger (tests build many apps).
 * A stuck log collector then costs at most its queue, never the server (see log-writer.ts).
 */
function stdoutWriter(): BoundedLogWriter {
  if (!stdout) {
    // Creating process.stdout makes libuv switch a pipe or socket to non-blocking, so a full
    // pipe answers EAGAIN instead of blocking a thread of the pool for good.
    void process.stdout.fd
    const writer = new BoundedLogWriter(1)
    const reporter = pino(options('warn'), writer)
    writer.onDropped = (count) => reporter.warn({ msg: 'log lines dropped', count })
    stdout = writer
  }
  return stdout
}

/** One JSON line per event on stdout. Never log call data: it holds patients' records. */
export function createLogger(level: string, destination: { write(line: string): unknown } = stdoutWriter()): Logger {
  return pino(options(level), destination)
}

/** Before exit: writes what is queued, waiting at most `ms` however stuck the reader is. */
export function flushLogs(ms: number): Promise<boolean> {
  return stdout ? stdout.flush(ms) : Promise.resolve(true)
}
