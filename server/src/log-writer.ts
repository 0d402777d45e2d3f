import fs from 'node:fs'

/** How long to wait before writing again to a full pipe (EAGAIN). */
const RETRY_MS = 50
/** Largest single write: a full queue goes out in pieces, not as one big copy. */
const CHUNK_BYTES = 64 * 1024

/**
 * Writes log lines to a file descriptor without ever holding the process.
 *
 * pino's own stdout stream keeps every line in memory while the reader (a log collector) is
 * stuck, and on exit flushes synchronously, looping on EAGAIN forever: a stalled collector made
 * the server grow without bound and never stop. Here lines wait in a queue of at most
 * `maxBytes`; past it whole lines are dropped and counted, and once the queue has emptied again
 * (the reader is back) `onDropped` is told how many, so that a log line can say so.
 * Writes are asynchronous; a full pipe is retried later, never waited for in a loop.
 */
export class BoundedLogWriter {
  private queue: string[] = []
  private current: Buffer | null = null
  private queuedBytes = 0
  private droppedLines = 0
  private retry: NodeJS.Timeout | null = null
  private broken = false
  private idle: Array<() => void> = []
  onDropped?: (count: number) => void

  constructor(
    private readonly fd: number,
    private readonly maxBytes = 1024 * 1024
  ) {}

  /** Bytes waiting to be written. */
  get pending(): number {
    return this.queuedBytes
  }

  /** Lines dropped since the last report. */
  get dropped(): number {
    return this.droppedLines
  }

  /** Queues one line (pino calls this once per event); false when it was dropped. */
  write(line: string): boolean {
    const bytes = Buffer.byteLength(line)
    if (this.broken || this.queuedBytes + bytes > this.maxBytes) {
      this.droppedLines += 1
      return false
    }
    this.queue.push(line)
    this.queuedBytes += bytes
    if (!this.current && !this.retry) this.writeNext()
    return true
  }

  /**
   * Resolves true once everything queued is written, or false after `ms`: the last lines
   * before an exit are worth a short wait, never an unbounded one.
   */
  flush(ms: number): Promise<boolean> {
    if (this.queuedBytes === 0 || this.broken) return Promise.resolve(true)
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(false), ms)
      this.idle.push(() => {
        clearTimeout(timer)
        resolve(true)
      })
    })
  }

  private writeNext() {
    if (!this.current) this.current = this.takeChunk()
    if (!this.current) return this.becameIdle()
    const chunk = this.current
    fs.write(this.fd, chunk, 0, chunk.length, null, (error, written) => {
      if (error) return this.failed(error)
      this.queuedBytes -= written
      // A full pipe may take part of a chunk: the rest goes next.
      this.current = written < chunk.length ? chunk.subarray(written) : null
      this.writeNext()
    })
  }

  private takeChunk(): Buffer | null {
    if (this.queue.length === 0) return null
    let bytes = 0
    let count = 0
    while (count < this.queue.length && (count === 0 || bytes + Buffer.byteLength(this.queue[count]) <= CHUNK_BYTES)) {
      bytes += Buffer.byteLength(this.queue[count])
      count += 1
    }
    return Buffer.from(this.queue.splice(0, count).join(''))
  }

  private failed(error: NodeJS.ErrnoException) {
    if (error.code === 'EAGAIN' || error.code === 'EWOULDBLOCK') {
      // The reader is not reading: try again later; new lines queue up (or drop) meanwhile.
      this.retry = setTimeout(() => {
        this.retry = null
        this.writeNext()
      }, RETRY_MS)
      // A stuck reader must not keep an otherwise finished process alive.
      this.retry.unref()
      return
    }
    // EPIPE, EBADF…: nobody will ever read; count what is lost and stop writing.
    this.broken = true
    this.droppedLines += this.queue.length + (this.current ? 1 : 0)
    this.queue = []
    this.current = null
    this.queuedBytes = 0
    this.becameIdle()
  }

  private becameIdle() {
    for (const resolve of this.idle.splice(0)) resolve()
    if (this.droppedLines > 0 && !this.broken && this.onDropped) {
      const count = this.droppedLines
      this.droppedLines = 0
      this.onDropped(count)
    }
  }
}
