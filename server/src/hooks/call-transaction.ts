import { AsyncLocalStorage } from 'node:async_hooks'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application, HookContext, NextFunction } from '../declarations'

/** The transaction a call's params carry (the shape Feathers' knex adapter reads). */
type WithTransaction = Params & { transaction?: { trx?: Knex.Transaction } }

/** The methods that write: each external one runs in its own transaction, and the activity log records it. */
export const WRITES = new Set(['create', 'update', 'patch', 'remove'])

/** What waits for a transaction's commit: the events of the writes made in it. */
type Announcement = () => void | Promise<void>
const waitingForCommit = new WeakMap<Knex.Transaction, Announcement[]>()

/**
 * The transaction of the write being made, as far as its own async work reaches: a nested
 * service call made without the caller's params (`app.service('x').patch(id, data)`) still
 * joins it (joinOpenTransaction), instead of waiting for the connection the transaction holds.
 */
const openTransaction = new AsyncLocalStorage<Knex.Transaction>()

/** The call's transaction, if it runs in one. */
export function transactionOf(params: Params | undefined): Knex.Transaction | undefined {
  return (params as WithTransaction | undefined)?.transaction?.trx
}

/**
 * Where a call reads and writes: its transaction when it has one, else the database. Anything
 * that touches the database on behalf of a call goes through this (on SQLite the one connection
 * is the transaction's until it ends: a query beside it would wait for itself).
 */
export function dbOf(app: Application, params: Params | undefined): Knex {
  return transactionOf(params) ?? stillOpen() ?? app.get('db')
}

/** The transaction of the write this async work belongs to, while it is open. */
function stillOpen(): Knex.Transaction | undefined {
  const trx = openTransaction.getStore()
  return trx && waitingForCommit.has(trx) ? trx : undefined
}

/**
 * An app-wide hook: a service call made inside a write's transaction without one of its own
 * (an internal call with fresh params) joins it. Calls of other connections never see it.
 */
export async function joinOpenTransaction(context: HookContext, next: NextFunction) {
  if (!transactionOf(context.params)) {
    const trx = stillOpen()
    if (trx) context.params = { ...context.params, transaction: { trx } } as Params
  }
  return next()
}

/** Params for a nested call that joins the caller's transaction (and nothing else of theirs). */
export function inCallTransaction(params: Params | undefined): Params {
  const trx = transactionOf(params)
  return trx ? ({ transaction: { trx } } as Params) : {}
}

/**
 * Runs `announce` once the call's transaction has committed, or at once when there is none.
 * A transaction rolled back drops it: nothing is announced of a write that did not happen. The
 * call answers once every announcement ran (an ended session's sockets are closed by then).
 */
export async function afterCommit(params: Params | undefined, announce: Announcement): Promise<void> {
  const waiting = waitingOf(params)
  if (waiting) waiting.push(announce)
  else await announce()
}

/** What waits for the commit of the call's transaction, while it is still open. */
function waitingOf(params: Params | undefined): Announcement[] | undefined {
  const trx = transactionOf(params)
  return trx && waitingForCommit.get(trx)
}

/**
 * One transaction per external write (issue 12, item 5): the service's checks, the write, its
 * trash row and its activity-log row commit together or not at all. It opens after the access
 * guard (who calls, their rights, the references they name: reads that need no transaction)
 * and ends before Feathers' event hook, so `created`/`patched`/`removed` leave only after the
 * commit; events a service emits itself wait in `afterCommit`. A call that already runs in a
 * transaction (a nested call given the caller's) joins it.
 */
export async function callTransaction(context: HookContext, next: NextFunction) {
  if (!context.params.provider || !WRITES.has(context.method) || transactionOf(context.params)) return next()
  const waiting: Announcement[] = []
  const db: Knex = context.app.get('db')
  let open: Knex.Transaction | undefined
  try {
    await db.transaction((trx) => {
      open = trx
      waitingForCommit.set(trx, waiting)
      context.params = { ...context.params, transaction: { trx } } as Params
      return openTransaction.run(trx, () => next())
    })
  } finally {
    // Committed or rolled back: from now on an event of this transaction goes out at once.
    if (open) waitingForCommit.delete(open)
  }
  // Committed. The transaction is over: nothing after this point may use it.
  context.params = { ...context.params, transaction: undefined } as Params
  for (const announce of waiting) {
    try {
      await announce()
    } catch (error) {
      context.app.get('logger').error({ err: error, msg: 'event after commit failed', path: context.path })
    }
  }
}

/**
 * A write that comes from no service call (a provider's webhook: server/src/http/payment-routes.ts)
 * run the way `callTransaction` runs an external write: one transaction, nested service calls
 * join it (given `params` or through `joinOpenTransaction`), and events and announcements wait
 * for the commit (none at all after a rollback). `announce: false` drops them after the commit
 * too: for filling an empty database (the demo seed), where nobody is connected to be told.
 */
export async function inWriteTransaction<T>(app: Application, work: (params: Params) => Promise<T>, { announce = true }: { announce?: boolean } = {}): Promise<T> {
  const waiting: Announcement[] = []
  const db: Knex = app.get('db')
  let open: Knex.Transaction | undefined
  let result: T
  try {
    result = await db.transaction((trx) => {
      open = trx
      waitingForCommit.set(trx, waiting)
      return openTransaction.run(trx, () => work({ transaction: { trx } } as Params))
    })
  } finally {
    if (open) waitingForCommit.delete(open)
  }
  for (const announcement of announce ? waiting : []) {
    try {
      await announcement()
    } catch (error) {
      app.get('logger').error({ err: error, msg: 'event after commit failed' })
    }
  }
  return result
}

type Emitter = { emit: (event: string | symbol, ...args: unknown[]) => boolean }

/**
 * Every service's events wait for the commit of the transaction they were made in (a Feathers
 * mixin): a nested call that joined the caller's transaction, or a service emitting with the
 * call's context, announces nothing until the whole call has committed, and nothing at all if
 * it rolls back. The event a call's own write causes leaves after `callTransaction` ends anyway.
 */
export function deferEventsUntilCommit(app: Application) {
  app.mixins.push((service: unknown) => {
    const emitter = service as Emitter
    if (typeof emitter.emit !== 'function') return
    const emit = emitter.emit
    emitter.emit = function (this: unknown, event: string | symbol, ...args: unknown[]) {
      const waiting = waitingOf((args[1] as { params?: Params } | undefined)?.params)
      if (!waiting) return emit.call(this, event, ...args)
      waiting.push(() => void emit.call(this, event, ...args))
      return true
    }
  })
}
