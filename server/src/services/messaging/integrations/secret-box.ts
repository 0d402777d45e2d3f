import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'

/**
 * Provider passwords and tokens at rest: AES-256-GCM under a key derived from the server's
 * authentication secret (AUTH_SECRET, the same on every instance). A database copy alone does not
 * give the clinic's SMS or mail account away. Changing AUTH_SECRET makes the stored ones
 * unreadable: they read as unset and the administrator types them again.
 */
const keyOf = (secret: string) => createHash('sha256').update(`clinic-messaging:${secret}`).digest()

export function seal(plain: string, secret: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', keyOf(secret), iv)
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return `v1:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64')}`
}

/** The plain text, or null when it was sealed under another secret or is not a sealed value. */
export function open(sealed: string | null | undefined, secret: string): string | null {
  if (!sealed?.startsWith('v1:')) return null
  try {
    const raw = Buffer.from(sealed.slice(3), 'base64')
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secret), raw.subarray(0, 12))
    decipher.setAuthTag(raw.subarray(12, 28))
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8')
  } catch {
    return null
  }
}
