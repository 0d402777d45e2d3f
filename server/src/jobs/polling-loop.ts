/**
 * The round loop of the durable workers (the outbox, task reminders): all their state is in the
 * rows, so the loop only decides when the next round runs. A round at once on start; again at
 * once while a round took a full batch (more is waiting), else after `pollMs`; a failed round is
 * logged and the next one comes as usual. `stop` waits for the round in flight.
 */
export class PollingLoop {
  private timer: NodeJS.Timeout | undefined
  private stopped = true
  private round: Promise<unknown> = Promise.resolve()

  constructor(
    private readonly tick: () => Promise<number>,
    private readonly options: { pollMs: number; batch: number; onError: (error: unknown) => void }
  ) {}

  start(): void {
    this.stopped = false
    const loop = async () => {
      if (this.stopped) return
      let busy = 0
      try {
        this.round = this.tick()
        busy = (await this.round) as number
      } catch (error) {
        this.options.onError(error)
      }
      if (!this.stopped) this.timer = setTimeout(loop, busy >= this.options.batch ? 0 : this.options.pollMs)
    }
    this.timer = setTimeout(loop, 0)
  }

  async stop(): Promise<void> {
    this.stopped = true
    if (this.timer) clearTimeout(this.timer)
    await this.round.catch(() => undefined)
  }
}
