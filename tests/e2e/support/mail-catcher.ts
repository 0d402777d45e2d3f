import fs from 'node:fs'
import path from 'node:path'
import { SMTPServer } from 'smtp-server'

/**
 * Playwright global setup: a real SMTP server on E2E_SMTP_PORT that keeps every message the
 * test server sends as a file under <E2E_DATA_DIR>/mail/, so tests can follow reset links.
 */
export default async function startMailCatcher() {
  const folder = path.join(process.env.E2E_DATA_DIR as string, 'mail')
  fs.mkdirSync(folder, { recursive: true })
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (chunk: Buffer) => chunks.push(chunk))
      stream.on('end', () => {
        for (const recipient of session.envelope.rcptTo) {
          const file = path.join(folder, `${recipient.address.toLowerCase()}-${Date.now()}.eml`)
          fs.writeFileSync(file, Buffer.concat(chunks))
        }
        callback()
      })
    }
  })
  await new Promise<void>((resolve) => server.listen(Number(process.env.E2E_SMTP_PORT), '127.0.0.1', resolve))
  return async () => new Promise<void>((resolve) => server.close(() => resolve()))
}
