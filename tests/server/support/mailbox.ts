import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One received message, headers lower-cased, body decoded from its transfer encoding. */
export interface ReceivedMail {
  to: string[]
  subject: string
  text: string
  raw: string
}

/**
 * A real SMTP server in-process on 127.0.0.1 and a random port: the server under test sends
 * through nodemailer exactly as in production, and tests read what arrived. Plain SMTP without
 * AUTH, like a local relay; with `offerStartTls` it also offers STARTTLS with smtp-server's
 * self-signed certificate, which nodemailer refuses unless the URL says `?ignoreTLS=true`.
 */
export class Mailbox {
  readonly received: ReceivedMail[] = []
  private waiters: Array<{ to: string; resolve: (mail: ReceivedMail) => void }> = []
  private readonly server: SMTPServer
  port = 0

  constructor({ offerStartTls = false } = {}) {
    this.server = new SMTPServer({
      secure: false,
      authOptional: true,
      disabledCommands: offerStartTls ? ['AUTH'] : ['STARTTLS', 'AUTH'],
      logger: false,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = []
        stream.on('data', (chunk: Buffer) => chunks.push(chunk))
        stream.on('end', () => {
          this.deliver(parseMail(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((rcpt) => rcpt.address)))
          callback()
        })
      }
    })
  }

  private deliver(mail: ReceivedMail) {
    this.received.push(mail)
    for (const waiter of this.waiters.filter((item) => mail.to.includes(item.to))) waiter.resolve(mail)
    this.waiters = this.waiters.filter((item) => !mail.to.includes(item.to))
  }

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()))
    this.port = ((this.server as unknown as { server: { address(): AddressInfo } }).server.address()).port
    return this
  }

  get url() {
    return `smtp://127.0.0.1:${this.port}`
  }

  /** The first message to `address` (already received or the next one), or rejects after `ms`. */
  mailTo(address: string, ms = 5000): Promise<ReceivedMail> {
    const already = this.received.find((mail) => mail.to.includes(address))
    if (already) return Promise.resolve(already)
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no mail to ${address} within ${ms} ms`)), ms)
      this.waiters.push({ to: address, resolve: (mail) => (clearTimeout(timer), resolve(mail)) })
    })
  }

  countTo(address: string) {
    return this.received.filter((mail) => mail.to.includes(address)).length
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()))
  }
}

/** Enough MIME for our single-part text mails: headers, then the body in QP or base64. */
function parseMail(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ')
  const body = raw.slice(split + 4)
  const headers = new Map<string, string>()
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':')
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim())
  }
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase()
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? decodeQuotedPrintable(body)
        : body
  return { to, subject: decodeWords(headers.get('subject') ?? ''), text: text.replace(/\r\n/g, '\n'), raw }
}

function decodeQuotedPrintable(body: string): string {
  const text = body.replace(/=\r?\n/g, '')
  const bytes: number[] = []
  for (let index = 0; index < text.length; index += 1) {
    const hex = text.slice(index + 1, index + 3)
    if (text[index] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16))
      index += 2
    } else bytes.push(...Buffer.from(text[index], 'utf8'))
  }
  return Buffer.from(bytes).toString('utf8')
}

/** RFC 2047 encoded words (`=?UTF-8?B?...?=` or `?Q?`), as nodemailer writes non-ASCII subjects. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_match, kind: string, text: string) =>
      kind.toLowerCase() === 'b' ? Buffer.from(text, 'base64').toString('utf8') : decodeQuotedPrintable(text.replace(/_/g, ' '))
    )
}
