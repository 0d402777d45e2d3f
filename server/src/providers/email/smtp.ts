import nodemailer, { type Transporter } from 'nodemailer'
import { NOT_CONNECTED, errorCode, type ChannelProvider, type OutgoingMessage, type SendOutcome } from '../channel'

/**
 * E-mail through SMTP (nodemailer). The server's answer decides: a 4xx reply is "not now"
 * (retried later), a 5xx reply a refusal (failed); a connection never made did not send
 * (retried); a timeout or a dropped connection after the data went may have sent (unknown).
 */
export class SmtpEmail implements ChannelProvider {
  readonly name = 'smtp'
  private readonly transport: Transporter

  constructor(
    connection: string | { host: string; port: number; secure: boolean; user: string; password: string },
    private readonly from: string
  ) {
    this.transport =
      typeof connection === 'string'
        ? nodemailer.createTransport(connection)
        : nodemailer.createTransport({
            host: connection.host,
            port: connection.port,
            secure: connection.secure,
            auth: connection.user ? { user: connection.user, pass: connection.password } : undefined,
            connectionTimeout: 10_000,
            socketTimeout: 30_000
          })
  }

  async send(message: OutgoingMessage): Promise<SendOutcome> {
    try {
      const info = await this.transport.sendMail({ from: this.from, to: message.to, subject: message.subject, text: message.text, messageId: `<${message.id}@outbox.clinic>` })
      return { kind: 'sent', providerMessageId: info.messageId ?? null }
    } catch (error) {
      const responseCode = (error as { responseCode?: number }).responseCode
      if (responseCode && responseCode >= 400 && responseCode < 500) return { kind: 'not-sent', error: `smtp: ${responseCode} ${(error as Error).message}`.slice(0, 500), retry: true }
      if (responseCode && responseCode >= 500) return { kind: 'not-sent', error: `smtp: ${responseCode} ${(error as Error).message}`.slice(0, 500), retry: false }
      // Failed while connecting (nodemailer's command CONN, or a DNS/connect error): nothing went.
      const { command, syscall } = error as { command?: string; syscall?: string }
      if (command === 'CONN' || syscall === 'connect' || NOT_CONNECTED.has(errorCode(error))) return { kind: 'not-sent', error: `smtp: not reached (${(error as Error).message})`.slice(0, 500), retry: true }
      return { kind: 'unknown', error: `smtp: ${(error as Error).message}`.slice(0, 500) }
    }
  }

  close() {
    this.transport.close()
  }
}
