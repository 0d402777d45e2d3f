import http from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A provider's cloud played on loopback (SMS gateways, Telegram, WhatsApp, OnlinePBX): each
 * subclass speaks one provider's published protocol in `handle`; starting, the address and
 * stopping are the same for all of them.
 */
export abstract class LocalHttpServer {
  port = 0
  private readonly server = http.createServer((req, res) => void this.handle(req, res))

  /** Listens on loopback; `port` 0 takes a free one (a browser test's server is told a fixed one). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', () => resolve()))
    this.port = (this.server.address() as AddressInfo).port
    return this
  }

  get origin() {
    return `http://127.0.0.1:${this.port}`
  }

  /** The API's base address as the clinic server is configured with it. */
  get url() {
    return this.origin
  }

  /** Stops at once: open keep-alive connections (and answers held back on purpose) are cut. */
  stop(): Promise<void> {
    this.server.closeAllConnections()
    return new Promise((resolve) => this.server.close(() => resolve()))
  }

  protected abstract handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<unknown>
}

/** A request's whole body. */
export async function requestBody(req: http.IncomingMessage): Promise<Buffer<ArrayBuffer>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}
