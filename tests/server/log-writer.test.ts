import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { BoundedLogWriter } from '../../server/src/log-writer'
import { createLogger } from '../../server/src/logger'

/** A named pipe with both ends non-blocking, as a log collector's pipe is: nobody reads until told. */
function stalledPipe() {
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-log-'))
  const fifo = path.join(folder, 'log')
  execFileSync('mkfifo', [fifo])
  const reader = fs.openSync(fifo, fs.constants.O_RDONLY | fs.constants.O_NONBLOCK)
  const writer = fs.openSync(fifo, fs.constants.O_WRONLY | fs.constants.O_NONBLOCK)
  /** Reads what the pipe holds now. */
  const readAvailable = () => {
    const chunks: Buffer[] = []
    const buffer = Buffer.alloc(64 * 1024)
    for (let round = 0; round < 1000; round++) {
      let n: number
      try {
        n = fs.readSync(reader, buffer, 0, buffer.length, null)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') break
        throw error
      }
      if (n === 0) break
      chunks.push(Buffer.from(buffer.subarray(0, n)))
    }
    return Buffer.concat(chunks).toString('utf8')
  }
  const close = () => {
    fs.closeSync(writer)
    fs.closeSync(reader)
    fs.rmSync(folder, { recursive: true, force: true })
  }
  return { writer, readAvailable, close }
}

describe('the bounded log writer', () => {
  const pipe = stalledPipe()
  afterAll(() => pipe.close())

  it('queues at most its limit while the reader is stuck, drops whole lines, and reports them once the reader is back', async () => {
    const writer = new BoundedLogWriter(pipe.writer, 16 * 1024)
    const logger = createLogger('info', writer)
    const reports: number[] = []
    writer.onDropped = (count) => {
      reports.push(count)
      logger.warn({ msg: 'log lines dropped', count })
    }
    // 5000 lines of about 100 bytes, eight times the OS pipe buffer (64 KiB), written in rounds
    // as a server would, so that the pipe fills first and the queue after it.
    const lines = 5000
    for (let index = 0; index < lines; index++) {
      logger.info({ msg: 'call', index, pad: 'x'.repeat(40) })
      if (index % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 5))
    }
    expect(writer.pending).toBeLessThanOrEqual(16 * 1024)
    expect(writer.dropped).toBeGreaterThan(lines / 2)
    // A final flush gives up in time instead of waiting for the reader.
    const started = Date.now()
    expect(await writer.flush(300)).toBe(false)
    expect(Date.now() - started).toBeLessThan(2000)

    // The reader is back: everything queued arrives, then a line with the count of what was not.
    // (The writer may have reported twice: once when the pipe took lines again mid-burst, once now;
    // the reading goes on until every report made has arrived and nothing is left queued.)
    let received = ''
    const reportsReceived = () => (received.match(/"log lines dropped"/g) ?? []).length
    const deadline = Date.now() + 5000
    while (!(reports.length > 0 && reportsReceived() === reports.length && writer.pending === 0 && received.endsWith('\n')) && Date.now() < deadline) {
      received += pipe.readAvailable()
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const parsed = received
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line))
    const calls = parsed.filter((line) => line.msg === 'call')
    const reported = parsed.filter((line) => line.msg === 'log lines dropped')
    expect(reported.map((line) => line.count)).toEqual(reports)
    expect(reported.every((line) => line.level === 40)).toBe(true)
    // Every line either arrived whole and in order, or was counted.
    expect(calls.length + reports.reduce((sum, count) => sum + count, 0)).toBe(lines)
    expect(calls.every((line, position) => position === 0 || line.index > calls[position - 1].index)).toBe(true)
    expect(reports.at(-1)).toBeGreaterThan(lines / 2)
    expect(await writer.flush(300)).toBe(true)
    expect(writer.dropped).toBe(0)
  })
})
