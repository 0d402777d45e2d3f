import type { Application } from '../declarations'
import { exportRound } from '../services/reports/report-exports/export-run'
import { PollingLoop } from './polling-loop'

export interface ReportExportRunnerOptions {
  /** How often the runner looks for exports to make and files to remove. */
  pollMs?: number
  /** The clock (tests move it past an expiry); the real time otherwise. */
  now?: () => number
}

/**
 * The background exports' worker (docs/decisions/reports.md, "Large exports"): each round removes
 * the expired exports and their files, then claims one waiting export and writes its file
 * (report-exports/export-run.ts). The state is the rows: with several instances each claims its
 * own jobs (a conditional UPDATE), and a job whose instance stopped is taken over once its claim
 * is stale. One export at a time per instance: the reads go through the report like a screen's.
 */
export class ReportExportRunner {
  private readonly loop: PollingLoop
  private readonly options: Required<ReportExportRunnerOptions>

  constructor(private readonly app: Application, options: ReportExportRunnerOptions = {}) {
    this.options = { pollMs: 3000, now: () => Date.now(), ...options }
    this.loop = new PollingLoop(() => this.tick(), { pollMs: this.options.pollMs, batch: 1, onError: (error) => this.app.get('logger').error({ err: error, msg: 'report export round failed' }) })
  }

  start(): void {
    this.loop.start()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }

  /** One round; 1 when it made an export (the next round comes at once), else 0. */
  tick(): Promise<number> {
    return exportRound(this.app, this.options.now)
  }
}

/** Starts the runner of a server process (index.ts); its stop waits for the round in progress. */
export function startReportExports(app: Application, options: ReportExportRunnerOptions = {}): ReportExportRunner {
  const runner = new ReportExportRunner(app, options)
  runner.start()
  return runner
}
