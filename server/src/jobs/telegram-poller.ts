import type { Application } from '../declarations'
import { telegramApi } from '../providers/telegram/telegram'
import { advanceTelegramOffset, messagingSettings, pollingTelegramCompanies } from '../services/messaging/integrations/integration-store'
import { clinicBots, telegramApiRootOf } from '../services/messaging/telegram/telegram-bot'
import { PollingLoop } from './polling-loop'

/**
 * Long polling for the bots set to it (docs/decisions/telegram.md): each round asks every such
 * bot for its updates since the kept offset (getUpdates without waiting, so one loop serves
 * every company), claims them by moving the offset in the database from the value read (another
 * instance that took the same updates wins, this one drops them: an update is handled at most
 * once), then handles them like the webhook does.
 */
export class TelegramPoller {
  private readonly loop: PollingLoop
  constructor(private readonly app: Application, pollMs = 2000) {
    this.loop = new PollingLoop(() => this.tick(), { pollMs, batch: Infinity, onError: (error) => this.app.get('logger').error({ err: error, msg: 'telegram polling failed' }) })
  }

  start() {
    this.loop.start()
  }

  stop() {
    return this.loop.stop()
  }

  /** One round over every polling bot; how many updates were handled. */
  async tick(): Promise<number> {
    const db = this.app.get('db')
    let handled = 0
    for (const companyId of await pollingTelegramCompanies(db)) {
      const settings = (await messagingSettings(db, companyId, this.app.get('config').authSecret)).telegram
      if (!settings || settings.mode !== 'polling') continue
      try {
        const updates = await telegramApi({ token: settings.token, apiRoot: telegramApiRootOf(this.app) }).getUpdates({
          offset: settings.offset ?? undefined, limit: 100, timeout: 0, allowed_updates: ['message', 'callback_query']
        })
        if (updates.length === 0) continue
        const next = updates[updates.length - 1].update_id + 1
        if (!(await advanceTelegramOffset(db, companyId, settings.offset, next))) continue
        for (const update of updates) {
          await clinicBots(this.app).handle(companyId, settings, update).catch((error) => this.app.get('logger').error({ err: error, msg: 'telegram update failed', companyId }))
          handled += 1
        }
      } catch (error) {
        this.app.get('logger').warn({ err: error, msg: 'telegram getUpdates failed', companyId })
      }
    }
    return handled
  }
}

export function startTelegramPoller(app: Application): TelegramPoller {
  const poller = new TelegramPoller(app)
  poller.start()
  return poller
}
