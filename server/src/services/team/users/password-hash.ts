import { randomBytes } from 'node:crypto'
import os from 'node:os'
import { hash, verify } from '@node-rs/argon2'

/**
 * argon2id with OWASP's recommended minimum (19 MiB, 2 passes). @node-rs/argon2 hashes on
 * libuv's thread pool, so sign-ins never block the event loop.
 */
// algorithm 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot read).
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 }

/**
 * Hashes running at once: one core fewer than the machine has (at least one). Off the event
 * loop is not enough on a small server: four pool threads hashing on two cores took the CPU
 * from the event loop, and every other call waited (bench/benchmarks/sign-in-load.ts). A burst
 * of sign-ins now queues for a moment instead.
 */
const HASHING_SLOTS = Math.max(1, os.availableParallelism() - 1)
let hashing = 0
const waiting: Array<() => void> = []

async function inHashingSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing >= HASHING_SLOTS) await new Promise<void>((resolve) => waiting.push(resolve))
  else hashing += 1
  try {
    return await work()
  } finally {
    // The slot passes straight to the next waiter, or is given back.
    const next = waiting.shift()
    if (next) next()
    else hashing -= 1
  }
}

export function hashPassword(password: string): Promise<string> {
  return inHashingSlot(() => hash(password, options))
}

export function passwordMatches(storedHash: string | null | undefined, password: string): Promise<boolean> {
  if (!storedHash) return Promise.resolve(false)
  return inHashingSlot(() => verify(storedHash, password)).catch(() => false)
}

let dummyHash: Promise<string> | undefined

/** A real argon2id hash of a random string, checked against when an account does not exist. */
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomBytes(24).toString('base64'))
  return dummyHash
}

/** Hashes running now and the most allowed at once (for the tests). */
export const hashingLoad = () => ({ running: hashing, slots: HASHING_SLOTS })
