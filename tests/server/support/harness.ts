import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import type { AddressInfo } from 'node:net'
import { io, type Socket } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { createApp } from '../../../server/src/app'
import { createDatabase, migrateToLatest, sqliteFileIn, type Database } from '../../../server/src/db'
import { createClient, type ClientApplication } from '../../../server/src/client'
import { browserPushServices, defaultCallsPerConnection, type Configuration } from '../../../server/src/configuration'
import type { Application } from '../../../server/src/declarations'
import type { SignInResult } from '../../../server/src/services/identity/authentication/authentication.shared'
import { SignInThrottle } from '../../../server/src/access/sign-in-throttle'
import { anyService } from './any-service'
import { asPostgresAdmin, databaseUrlOf, POSTGRES_TEMPLATE_ENV, SQLITE_TEMPLATE_ENV } from './database-templates'

export type Engine = 'sqlite' | 'postgres'

/** Server tests run on SQLite always, and on PostgreSQL too when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite']

/**
 * Tests of several server instances (real processes sharing one PostgreSQL and one Redis) run
 * when both TEST_DATABASE_URL and TEST_REDIS_URL are set; given but unreachable, they fail.
 */
export const instanceBackends: Array<{ databaseUrl: string; redisUrl: string }> =
  process.env.TEST_DATABASE_URL && process.env.TEST_REDIS_URL ? [{ databaseUrl: process.env.TEST_DATABASE_URL, redisUrl: process.env.TEST_REDIS_URL }] : []

export const PASSWORD = 'Correct-horse-7'

export function testConfiguration(dataDir: string, overrides: Partial<Configuration> = {}): Configuration {
  return {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    databaseUrl: '',
    redisUrl: '',
    authSecret: 'test-secret-that-is-long-enough-for-hs256-signing',
    tokenLifetime: '1h',
    demoSeed: false,
    demoLocale: 'ru',
    publicUrl: 'http://localhost:3030',
    webRoot: path.join(dataDir, 'web'),
    smtp: { url: '', from: 'Clinic <no-reply@clinic.test>' },
    pushServiceHosts: [...browserPushServices],
    signInLimits: { perAccount: 5, perAddress: 50, perAccountTotal: 20, windowSeconds: 900 },
    callsPerConnection: defaultCallsPerConnection,
    maxMessageBytes: 100_000,
    expiryWarningDays: 7,
    resetLinkMinutes: 60,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides
  }
}

/**
 * A fresh, migrated database: a temporary SQLite file, or a new database in the test PostgreSQL;
 * copied from the run's template when Jest's global set-up made one (database-templates.ts), else
 * migrated here. `drop` closes it and deletes it.
 */
async function freshDatabase(engine: Engine, dataDir: string): Promise<{ db: Database; drop: () => Promise<void> }> {
  if (engine === 'sqlite') {
    const template = process.env[SQLITE_TEMPLATE_ENV]
    if (template) fs.copyFileSync(template, sqliteFileIn(dataDir))
    const db = createDatabase({ databaseUrl: '', dataDir })
    await migrateToLatest(db)
    return { db, drop: () => db.destroy() }
  }
  const url = process.env.TEST_DATABASE_URL!
  const template = process.env[POSTGRES_TEMPLATE_ENV]
  if (template) {
    const name = `clinic_test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
    await asPostgresAdmin(url, 'create database ?? template ??', [name, template])
    const db = createDatabase({ databaseUrl: databaseUrlOf(url, name), dataDir })
    await migrateToLatest(db)
    const drop = async () => {
      await db.destroy()
      await asPostgresAdmin(url, 'drop database if exists ?? with (force)', [name])
    }
    return { db, drop }
  }
  const schema = `test_${process.pid}_${Math.random().toString(36).slice(2, 10)}`
  await asPostgresAdmin(url, 'create schema ??', [schema])
  const db = createDatabase({ databaseUrl: url, dataDir, schema })
  await migrateToLatest(db)
  return {
    db,
    drop: async () => {
      await db.raw(`drop schema "${schema}" cascade`)
      await db.destroy()
    }
  }
}

export interface TestServer {
  app: Application
  db: Database
  url: string
  engine: Engine
  /** An unauthenticated client on a new socket (from `address`: see ClientOrigin). */
  connect(origin?: ClientOrigin): ClientApplication
  /** A raw socket.io connection, for malformed messages. */
  rawSocket(origin?: ClientOrigin): Socket
  /** Registers a clinic and returns its administrator, signed in. */
  registerClinic(name?: string): Promise<SignedIn>
  signIn(email: string, password?: string): Promise<SignedIn>
  stop(): Promise<void>
}

/**
 * Where a test client claims to connect from: sent as `X-Forwarded-For`, which the server
 * believes only while `process.env.TRUST_PROXY` is '1' (server/src/app.ts reads it per socket).
 */
export interface ClientOrigin {
  address?: string
}

export interface SignedIn {
  client: ClientApplication
  auth: SignInResult
  email: string
}

let clinicCounter = 0

export async function startServer(engine: Engine, overrides: Partial<Configuration> = {}): Promise<TestServer> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-test-'))
  const { db, drop } = await freshDatabase(engine, dataDir)
  const config = testConfiguration(dataDir, overrides)
  const app = createApp(config, { db, signInThrottle: SignInThrottle.inMemory(config.signInLimits) })
  const server = await app.listen(0)
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const sockets: Socket[] = []

  const rawSocket = ({ address }: ClientOrigin = {}) => {
    const extraHeaders = address ? { 'x-forwarded-for': address } : undefined
    const socket = io(url, { transports: ['websocket'], forceNew: true, reconnection: false, extraHeaders })
    sockets.push(socket)
    return socket
  }
  const connect = (origin?: ClientOrigin) => createClient(socketio(rawSocket(origin), { timeout: 10_000 }), { storage: new MemoryStorage() })

  const signIn = async (email: string, password = PASSWORD): Promise<SignedIn> => {
    const client = connect()
    const auth = (await client.authenticate({ strategy: 'local', email, password })) as unknown as SignInResult
    return { client, auth, email }
  }

  const registerClinic = async (name = 'Clinic'): Promise<SignedIn> => {
    clinicCounter += 1
    const email = `owner${clinicCounter}.${Math.random().toString(36).slice(2, 8)}@clinic.test`
    await connect().service('company-registration').create({
      companyName: `${name} ${clinicCounter}`,
      phone: '+998 90 123 45 67',
      email,
      first_name: 'Owner',
      last_name: `Number${clinicCounter}`,
      password: PASSWORD
    })
    return signIn(email)
  }

  const stop = async () => {
    for (const socket of sockets) socket.disconnect()
    await app.teardown()
    await drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }

  return { app, db, url, engine, connect, rawSocket, registerClinic, signIn, stop }
}

/** Token storage for tests: the authentication client's storage interface, in memory. */
export class MemoryStorage {
  private values = new Map<string, string>()
  getItem(key: string) {
    return this.values.get(key)
  }
  setItem(key: string, value: string) {
    this.values.set(key, value)
    return value
  }
  removeItem(key: string) {
    const value = this.values.get(key)
    this.values.delete(key)
    return value
  }
}

/** Resolves with the first `event` of `service` on `client`, or rejects after `ms`. */
export function nextEvent<T = unknown>(client: ClientApplication, service: string, event: string, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${service} ${event} event within ${ms} ms`)), ms)
    anyService(client, service).once<T>(event, (data) => {
      clearTimeout(timer)
      resolve(data)
    })
  })
}

/**
 * The first `event` of `service` on `client` whose data passes `wanted`. Events of earlier writes
 * may still be on their way when a test starts listening (they leave after their commit), so a
 * test waiting for one particular write's event names what it expects instead of taking the next.
 */
export function eventWhere<T = unknown>(client: ClientApplication, service: string, event: string, wanted: (data: T) => boolean, ms = 3000): Promise<T> {
  return new Promise((resolve, reject) => {
    const emitter = anyService(client, service)
    const listener = (data: T) => {
      if (!wanted(data)) return
      clearTimeout(timer)
      emitter.removeListener(event, listener)
      resolve(data)
    }
    const timer = setTimeout(() => {
      emitter.removeListener(event, listener)
      reject(new Error(`no matching ${service} ${event} event within ${ms} ms`))
    }, ms)
    emitter.on(event, listener)
  })
}

/** Resolves true if `service` emits `event` on `client` within `ms`, false otherwise. */
export function receivesEvent(client: ClientApplication, service: string, event: string, ms = 500): Promise<boolean> {
  return nextEvent(client, service, event, ms).then(
    () => true,
    () => false
  )
}

/**
 * The same calls, each marked handled at once, so that checking them one after another (`await
 * failure(call)` in a loop) never leaves a later call's rejection unhandled while an earlier one
 * is awaited: the server may answer them in any order, each in its own turn.
 */
export function handledAtOnce<T extends Promise<unknown>>(calls: T[]): T[] {
  for (const call of calls) call.catch(() => undefined)
  return calls
}

/** A Feathers error as a call fails with it: the spec's error shape (`data.code`, `data.path`). */
export interface CallFailure {
  name: string
  code: number
  message: string
  data?: { code?: string; path?: string }
}

/** The Feathers error a call fails with (the test fails if it succeeds, or throws no error object). */
export async function failure(promise: Promise<unknown>): Promise<CallFailure> {
  try {
    await promise
  } catch (error) {
    if (isCallFailure(error)) return error
    throw error
  }
  throw new Error('expected the call to fail, but it succeeded')
}

function isCallFailure(error: unknown): error is CallFailure {
  return typeof error === 'object' && error !== null && 'name' in error && typeof error.name === 'string' && 'message' in error && typeof error.message === 'string'
}
