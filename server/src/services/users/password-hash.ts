import { randomBytes } from 'node:crypto'
import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes). @node-rs/argon2 hashes on
 * libuv's thread pool, so sign-ins never block the event loop.
 */
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

export function hashPassword(password: string): Promise<string> {
  return hash(password, options)
}

export function passwordMatches(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) return Promise.resolve(false)
  return verify(storedHash, password).catch(() => false)
}

let dummyHash: Promise<string> | undefined

/** A real argon2id hash of a random string, checked against when an account does not exist. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hash(randomBytes(24).toString('base64'), options)
  return dummyHash
}
