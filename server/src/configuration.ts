import path from 'node:path'
import crypto from 'node:crypto'
import fs from 'node:fs'
import type { SignInLimits } from './access/sign-in-throttle'
import { mediaConfigurationFromEnv, type MediaConfiguration } from './services/customers/media/media-store'

/**
 * Typed configuration, read once from the environment. Every variable is documented in the
 * README's "Configuration" table; tests build a Configuration directly instead.
 */
/** The push services of Chrome and Edge on Android and desktop (FCM), Firefox, Windows and Safari. */
export const browserPushServices = ['fcm.googleapis.com', 'android.googleapis.com', 'push.services.mozilla.com', 'notify.windows.com', 'push.apple.com'] as const

export interface Configuration {
  host: string
  port: number
  /** Folder for the embedded SQLite file, the generated token secret and uploads. */
  dataDir: string
  /** postgres://… selects PostgreSQL; empty means SQLite in dataDir. */
  databaseUrl: string
  /** redis://… makes several instances share events, rate limits and session ends. */
  redisUrl: string
  /** Start of every Redis key and channel of this deployment (default `clinic`). */
  redisPrefix?: string
  /** PostgreSQL schema to work in (default: the connection's search path, usually `public`). */
  databaseSchema?: string
  authSecret: string
  /** Access token lifetime, as accepted by jsonwebtoken ("1d", "12h"). */
  tokenLifetime: string
  /** Seed the demo clinic on the first start of an empty database. */
  demoSeed: boolean
  /** The demo clinic's language (DEMO_LOCALE: ru, ru1, uz, en or fi; ru by default). */
  demoLocale: string
  /** For a clean install without demo data: the first administrator to create. */
  firstAdmin?: { email: string; password: string; companyName: string; firstName: string; lastName: string; phone: string }
  publicUrl: string
  webRoot: string
  smtp: { url: string; from: string }
  /**
   * Hosts a browser's push subscription may point at (a host or a parent domain): the browsers'
   * own push services. Anything else is refused, so the server never posts to an address a
   * member chose. PUSH_SERVICE_HOSTS (comma-separated) replaces the list.
   */
  pushServiceHosts: string[]
  /** Sign-in throttling: failures allowed per (account, address), per address and per account within the window. */
  signInLimits: SignInLimits
  /** Calls one connection may have running at once, and waiting beyond those before 429. */
  callsPerConnection: { inFlight: number; queued: number }
  /** Largest socket message accepted, in bytes. */
  maxMessageBytes: number
  /** Days before subscription end when sign-in starts warning. */
  expiryWarningDays: number
  resetLinkMinutes: number
  logLevel: string
  /** Uploaded files: size limit, rate, link lifetime, and an S3 bucket when configured (defaults when absent). */
  media?: MediaConfiguration
}

/**
 * One call at a time per connection, in turn with every other connection: on a 2-core server
 * with PostgreSQL, 2 or more calls running from one flooding socket made other people's calls
 * 4-10 times slower at p99 (bench `fairness`, bench/RESULTS.md). A database with more cores can
 * take more (MAX_CALLS_IN_FLIGHT).
 */
export const defaultCallsPerConnection = { inFlight: 1, queued: 1000 }

const bool = (value: string | undefined, fallback: boolean) =>
  value === undefined || value === '' ? fallback : ['1', 'true', 'yes', 'on'].includes(value.toLowerCase())

const int = (value: string | undefined, fallback: number) => {
  const parsed = Number.parseInt(value ?? '', 10)
  return Number.isFinite(parsed) ? parsed : fallback
}

/** Reads the token secret from AUTH_SECRET, or keeps a generated one in the data folder. */
function tokenSecret(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET
  const file = path.join(dataDir, 'auth-secret')
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim()
  fs.mkdirSync(dataDir, { recursive: true })
  const secret = crypto.randomBytes(48).toString('base64url')
  fs.writeFileSync(file, secret, { mode: 0o600 })
  return secret
}

function firstAdmin(env: NodeJS.ProcessEnv): Configuration['firstAdmin'] {
  if (!env.ADMIN_EMAIL || !env.ADMIN_PASSWORD) return undefined
  return {
    email: env.ADMIN_EMAIL,
    password: env.ADMIN_PASSWORD,
    companyName: env.ADMIN_COMPANY ?? 'My clinic',
    firstName: env.ADMIN_FIRST_NAME ?? 'Admin',
    lastName: env.ADMIN_LAST_NAME ?? 'Admin',
    phone: env.ADMIN_PHONE ?? '+998900000000'
  }
}

/** The path with symlinks followed as far as it exists (the rest may be created later). */
function realPath(folder: string): string {
  try {
    return fs.realpathSync(folder)
  } catch {
    const parent = path.dirname(folder)
    return parent === folder ? folder : path.join(realPath(parent), path.basename(folder))
  }
}

/** Strictly inside, by path segments: `/srv/site-data` is not inside `/srv/site`. */
function isInside(outer: string, inner: string): boolean {
  const relative = path.relative(outer, inner)
  return relative !== '' && relative !== '..' && !relative.startsWith(`..${path.sep}`) && !path.isAbsolute(relative)
}

/**
 * Refuses folders that would let the web server reach the token secret or the database by
 * name: DATA_DIR must be neither WEB_ROOT nor inside it, and WEB_ROOT not inside DATA_DIR.
 */
export function checkFolders(dataDir: string, webRoot: string): void {
  const data = realPath(dataDir)
  const web = realPath(webRoot)
  const advice = 'the web server must never reach the token secret or the database: give them separate folders'
  if (data === web) throw new Error(`DATA_DIR (${dataDir}) is the same folder as WEB_ROOT (${webRoot}); ${advice}`)
  if (isInside(web, data)) throw new Error(`DATA_DIR (${dataDir}) is inside WEB_ROOT (${webRoot}); ${advice}`)
  if (isInside(data, web)) throw new Error(`WEB_ROOT (${webRoot}) is inside DATA_DIR (${dataDir}); ${advice}`)
}

/**
 * The account-wide total defaults to four times the per-(account, address) limit: a colleague's
 * own typos never reach it, and it scales with deployments that raise the pair limit (e2e).
 */
function signInLimits(env: NodeJS.ProcessEnv): SignInLimits {
  const perAccount = int(env.SIGNIN_LIMIT_ACCOUNT, 5)
  return {
    perAccount,
    perAddress: int(env.SIGNIN_LIMIT_ADDRESS, 20),
    perAccountTotal: int(env.SIGNIN_LIMIT_ACCOUNT_TOTAL, 4 * perAccount),
    windowSeconds: int(env.SIGNIN_LIMIT_WINDOW, 15 * 60)
  }
}

const companyLocales = ['ru', 'ru1', 'uz', 'en', 'fi']

/** DEMO_LOCALE, checked at start rather than when the demo is seeded. */
function demoLocale(value: string | undefined): string {
  if (value === undefined || value === '') return 'ru'
  if (!companyLocales.includes(value)) throw new Error(`DEMO_LOCALE must be one of ${companyLocales.join(', ')}, not "${value}"`)
  return value
}

export function configurationFromEnv(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): Configuration {
  const dataDir = path.resolve(cwd, env.DATA_DIR ?? 'data')
  const webRoot = path.resolve(cwd, env.WEB_ROOT ?? 'web/dist')
  // Before anything is written to the data folder (the generated token secret).
  checkFolders(dataDir, webRoot)
  const port = int(env.PORT, 3030)
  const host = env.HOST ?? '0.0.0.0'
  return {
    host,
    port,
    dataDir,
    databaseUrl: env.DATABASE_URL ?? '',
    redisUrl: env.REDIS_URL ?? '',
    redisPrefix: env.REDIS_PREFIX || 'clinic',
    databaseSchema: env.DATABASE_SCHEMA || undefined,
    authSecret: tokenSecret(env, dataDir),
    tokenLifetime: env.TOKEN_LIFETIME ?? '7d',
    demoSeed: bool(env.DEMO_SEED, true),
    demoLocale: demoLocale(env.DEMO_LOCALE),
    firstAdmin: firstAdmin(env),
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    webRoot,
    smtp: { url: env.SMTP_URL ?? '', from: env.SMTP_FROM ?? 'Clinic <no-reply@localhost>' },
    pushServiceHosts: env.PUSH_SERVICE_HOSTS ? env.PUSH_SERVICE_HOSTS.split(',').map((host) => host.trim().toLowerCase()).filter(Boolean) : [...browserPushServices],
    signInLimits: signInLimits(env),
    callsPerConnection: {
      inFlight: Math.max(1, int(env.MAX_CALLS_IN_FLIGHT, defaultCallsPerConnection.inFlight)),
      queued: Math.max(0, int(env.MAX_CALLS_QUEUED, defaultCallsPerConnection.queued))
    },
    maxMessageBytes: int(env.MAX_MESSAGE_BYTES, 1_000_000),
    expiryWarningDays: int(env.EXPIRY_WARNING_DAYS, 7),
    resetLinkMinutes: int(env.RESET_LINK_MINUTES, 60),
    logLevel: env.LOG_LEVEL ?? 'info',
    media: mediaConfigurationFromEnv(env)
  }
}
