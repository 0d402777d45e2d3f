import fs from 'node:fs'
import path from 'node:path'
import { expect } from '@playwright/test'

/** Quoted-printable soft line breaks and escapes, enough for the links in our mails. */
function decodeQuotedPrintable(text: string): string {
  return text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)))
}

/** Waits for the newest mail to `to` caught by mail-catcher.ts and returns its decoded text. */
export async function latestMailTo(to: string): Promise<string> {
  const folder = path.join(process.env.E2E_DATA_DIR as string, 'mail')
  let text = ''
  await expect
    .poll(
      () => {
        const files = fs.existsSync(folder) ? fs.readdirSync(folder).filter((file) => file.startsWith(`${to.toLowerCase()}-`)).sort() : []
        text = files.length ? decodeQuotedPrintable(fs.readFileSync(path.join(folder, files[files.length - 1]), 'utf8')) : ''
        return text.length > 0
      },
      { timeout: 15_000 }
    )
    .toBe(true)
  return text
}

/** The path and query of the reset link in a mail, to open against the test server. */
export function resetLinkIn(mail: string): string {
  const match = mail.match(/https?:\/\/[^\s"<>]+\/login\/reset-password\?token=[^\s"<>]+/)
  if (!match) throw new Error('no reset link in the mail')
  const url = new URL(match[0])
  return `${url.pathname}${url.search}`
}
