/** What every bench script shares: its command-line options, the server configuration it starts with, percentiles. */
import path from 'node:path'
import { browserPushServices, defaultCallsPerConnection, type Configuration } from '../server/src/configuration'

const args = process.argv.slice(2)

/** `--name value` from the command line, else `fallback`. */
export function option(name: string, fallback: string): string {
  const at = args.indexOf(`--${name}`)
  return at >= 0 && args[at + 1] ? args[at + 1] : fallback
}

/** The server's configuration for a bench: quiet, no demo, sign-in limits out of the way; MAX_CALLS_* as the server reads them. */
export function benchConfiguration(dataDir: string): Configuration {
  return {
    host: '127.0.0.1', port: 0, dataDir, databaseUrl: '', redisUrl: '', authSecret: 'bench-secret-that-is-long-enough-for-hs256', tokenLifetime: '1h',
    demoSeed: false, demoLocale: 'ru', publicUrl: 'http://localhost', webRoot: path.join(dataDir, 'web'), smtp: { url: '', from: 'bench@bench.clinic' }, pushServiceHosts: [...browserPushServices],
    signInLimits: { perAccount: 100, perAddress: 100, perAccountTotal: 400, windowSeconds: 60 }, callsPerConnection: { inFlight: Number(process.env.MAX_CALLS_IN_FLIGHT || defaultCallsPerConnection.inFlight), queued: Number(process.env.MAX_CALLS_QUEUED || defaultCallsPerConnection.queued) }, maxMessageBytes: 1_000_000, expiryWarningDays: 7, resetLinkMinutes: 60, logLevel: 'warn'
  }
}

/** The value at percentile `p` of ascending `sorted`. */
export const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
