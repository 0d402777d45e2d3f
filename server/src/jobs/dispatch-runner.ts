import type { Application } from '../declarations'
import { clockOf } from '../services/messaging/communications/appointment-messages'
import { activeDispatches, enqueuePage, recentlyDone, refreshProgress, startDispatch, type SendingContext } from '../services/messaging/dispatch/dispatch-store'
import type { Dispatch } from '../services/messaging/dispatch/dispatch.class'
import { PollingLoop } from './polling-loop'

export interface DispatchRunnerOptions {
  /** How often an idle runner looks for broadcasts. */
  pollMs?: number
  /** Patients written to the outbox per transaction. */
  pageSize?: number
  /** Pages written per broadcast per round (the round then refreshes progress and comes again at once). */
  pagesPerRound?: number
}

/**
 * The broadcasts' runner (docs/decisions/messaging.md "Dispatch"): each round it starts the
 * scheduled broadcasts whose time came (counting their audience), writes the next pages of
 * their recipients' messages to the outbox (a page per transaction, the cursor in the same
 * transaction), and counts their messages by state, announcing each change as a `patched`
 * event of `dispatch` (the screen's live progress). Sending is the outbox worker's, paced to the
 * provider. All its state is in the rows: a restart goes on from the last page written, and
 * several instances may run it (PostgreSQL: the broadcast's row is locked while a page is written).
 */
export class DispatchRunner {
  private readonly loop: PollingLoop
  private readonly options: Required<DispatchRunnerOptions>

  constructor(private readonly app: Application, options: DispatchRunnerOptions = {}) {
    this.options = { pollMs: 1000, pageSize: 500, pagesPerRound: 4, ...options }
    this.loop = new PollingLoop(() => this.tick(), { pollMs: this.options.pollMs, batch: 1, onError: (error) => this.app.get('logger').error({ err: error, msg: 'dispatch round failed' }) })
  }

  private get context(): SendingContext {
    const { authSecret, publicUrl } = this.app.get('config')
    return { secret: authSecret, publicUrl }
  }

  start(): void {
    this.loop.start()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** One round; 1 when pages remain to be written (the loop comes again at once), else 0. */
  async tick(): Promise<number> {
    const db = this.app.get('db')
    let more = 0
    for (const dispatch of await activeDispatches(db, clockOf(this.app))) {
      if (dispatch.state === 'scheduled') {
        const started = await startDispatch(db, dispatch._id, clockOf(this.app), this.context)
        if (!started) continue
        this.announce(started)
      }
      for (let page = 0; page < this.options.pagesPerRound; page++) {
        const written = await enqueuePage(db, dispatch._id, clockOf(this.app), this.context, this.options.pageSize)
        if (!written) break
        if (!written.dispatch.enqueuedAt && page === this.options.pagesPerRound - 1) more = 1
      }
      const refreshed = await refreshProgress(db, dispatch._id, clockOf(this.app))
      if (refreshed) this.announce(refreshed)
    }
    for (const dispatch of await recentlyDone(db, clockOf(this.app) - 86_400_000)) {
      const refreshed = await refreshProgress(db, dispatch._id, clockOf(this.app))
      if (refreshed) this.announce(refreshed)
    }
    return more
  }

  /** Writes every page of the broadcasts under way now (the bench, the tests); how many messages. */
  async enqueueAll(): Promise<void> {
    while ((await this.tick()) > 0);
  }

  private announce(dispatch: Dispatch) {
    ;(this.app.service('dispatch') as unknown as { emit: (event: string, data: unknown) => void }).emit('patched', dispatch)
  }
}

export function startDispatchRunner(app: Application, options: DispatchRunnerOptions = {}): DispatchRunner {
  const runner = new DispatchRunner(app, options)
  runner.start()
  return runner
}
