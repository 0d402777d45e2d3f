import type { Application } from '../declarations'
import { configuredCompanies, pbxClient, pbxConfigured, telephonySettings, TELEPHONY_SETTINGS_TABLE } from '../services/telephony/onlinepbx-integration/telephony-store'
import { takePbxReport } from '../services/telephony/calls/call-intake'
import { HISTORY_MAX_WINDOW_S } from '../providers/telephony/onlinepbx'
import { PollingLoop } from './polling-loop'

export interface CallHistorySyncOptions {
  /** How often the history is read (PRODUCT-NOTES: every 3 minutes). */
  pollMs?: number
  now?: () => number
}

/** A first read (or one after a long stop) goes back this far. */
const FIRST_WINDOW_S = 24 * 3600
/** Each read starts a little before the last one ended: a call that started then but ended after is read whole. */
const OVERLAP_S = 15 * 60

/**
 * The reconciliation of the call log with the PBX's history (docs/decisions/telephony-onlinepbx.md):
 * webhooks get lost (the clinic's server was down, a TLS problem, a PBX that only updates), so
 * every few minutes each configured company's calls since the last read are fetched
 * (`mongo_history/search.json`, at most 7 days) and each one not yet closed is taken as a history
 * report (call-intake.ts): a missed webhook still makes the call, its patient link and its
 * "call back" task. The state is in the rows (`syncedUntil`, `call_events`): a restart loses
 * nothing and another instance reading the same window changes nothing twice.
 */
export class CallHistorySync {
  private readonly loop: PollingLoop
  private readonly options: Required<CallHistorySyncOptions>

  constructor(private readonly app: Application, options: CallHistorySyncOptions = {}) {
    this.options = { pollMs: 3 * 60_000, now: () => Date.now(), ...options }
    this.loop = new PollingLoop(() => this.tick(), { pollMs: this.options.pollMs, batch: Number.POSITIVE_INFINITY, onError: (error) => this.app.get('logger').error({ err: error, msg: 'call history round failed' }) })
  }

  start(): void {
    this.loop.start()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** One round over every configured company; how many calls it took. A company's failure does not stop the others. */
  async tick(): Promise<number> {
    let taken = 0
    for (const companyId of await configuredCompanies(this.app.get('db'))) {
      try {
        taken += await this.syncCompany(companyId)
      } catch (error) {
        this.app.get('logger').warn({ err: error, msg: 'call history of a company failed', companyId })
      }
    }
    return taken
  }

  async syncCompany(companyId: string): Promise<number> {
    const db = this.app.get('db')
    const settings = await telephonySettings(db, companyId, this.app.get('config').authSecret)
    if (!pbxConfigured(settings)) return 0
    const nowS = Math.floor(this.options.now() / 1000)
    const lastS = settings.syncedUntil ? Math.floor(Date.parse(settings.syncedUntil) / 1000) - OVERLAP_S : nowS - FIRST_WINDOW_S
    const fromS = Math.max(lastS, nowS - HISTORY_MAX_WINDOW_S)
    const history = await pbxClient(this.app, settings).history(fromS, nowS)
    let taken = 0
    // Calls still going on (no end yet) are left for a later round.
    for (const call of history.filter((one) => one.endStamp > 0)) if (await takePbxReport(this.app, settings, { kind: 'history', call })) taken += 1
    await db(TELEPHONY_SETTINGS_TABLE).where({ companyId }).update({ syncedUntil: new Date(nowS * 1000) })
    return taken
  }
}

/** Starts the reconciliation of a server process (index.ts); its stop waits for the round in progress. */
export function startCallHistorySync(app: Application, options: CallHistorySyncOptions = {}): CallHistorySync {
  const sync = new CallHistorySync(app, options)
  sync.start()
  return sync
}
