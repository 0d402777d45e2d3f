import type { Application } from '../declarations'
import { claimDueReminders, notifyReminders } from '../services/tasks/tasks/task-reminder-store'
import { afterCommit, dbOf, inWriteTransaction } from '../hooks/call-transaction'
import type { Task } from '../services/tasks/tasks/tasks.shared'
import { TASK_REMINDED_EVENT, taskPath } from '../services/tasks/tasks/tasks.shared'
import { PollingLoop } from './polling-loop'

export interface TaskReminderOptions {
  /** How often the worker looks for due reminders. */
  pollMs?: number
  /** Reminders claimed per round. */
  batch?: number
  /** The clock (tests move it to "tomorrow"); the real time otherwise. */
  now?: () => number
}

/**
 * The reminder worker (docs/decisions/tasks.md): each round it claims the tasks whose reminder
 * has come (not done, not reminded yet: task-reminder-store.ts, one worker per reminder across
 * instances) and announces each on `tasks` as `reminded`, which reaches only the assignee
 * (tasks.ts), and as `patched`, so lists show it reminded. The state is the rows: a reminder due
 * while the server was down is given by the next worker that starts.
 */
export class TaskReminderWorker {
  private readonly loop: PollingLoop
  private readonly options: Required<TaskReminderOptions>

  constructor(private readonly app: Application, options: TaskReminderOptions = {}) {
    this.options = { pollMs: 5000, batch: 100, now: () => Date.now(), ...options }
    this.loop = new PollingLoop(() => this.tick(), { pollMs: this.options.pollMs, batch: this.options.batch, onError: (error) => this.app.get('logger').error({ err: error, msg: 'task reminder round failed' }) })
  }

  start(): void {
    this.loop.start()
  }

  stop(): Promise<void> {
    return this.loop.stop()
  }

  /**
   * One round; how many reminders it gave. The claim and the assignees' staff notifications
   * commit together (notifyReminders); the events leave after the commit.
   */
  async tick(): Promise<number> {
    const service = this.app.service(taskPath) as unknown as { emit: (event: string, data: Task) => void }
    const claimed = await inWriteTransaction(this.app, async (params) => {
      const tasks = await claimDueReminders(dbOf(this.app, params), this.options.now(), this.options.batch)
      await notifyReminders(this.app, params, tasks)
      await afterCommit(params, () => {
        for (const task of tasks) {
          service.emit(TASK_REMINDED_EVENT, task)
          service.emit('patched', task)
        }
      })
      return tasks
    })
    return claimed.length
  }
}

/** Starts the worker of a server process (index.ts); its stop waits for the round in progress. */
export function startTaskReminders(app: Application, options: TaskReminderOptions = {}): TaskReminderWorker {
  const worker = new TaskReminderWorker(app, options)
  worker.start()
  return worker
}
