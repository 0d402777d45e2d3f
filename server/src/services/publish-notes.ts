import type { Params } from '@feathersjs/feathers'
import type { HookContext, NextFunction } from '../declarations'

/** A value that JSON carries unchanged: what may travel to the other server instances. */
export type JsonValue = string | number | boolean | null | JsonValue[] | { [key: string]: JsonValue }

declare module '@feathersjs/feathers' {
  interface Params {
    /**
     * What a call tells its service's publisher, by note name (publishNote below): the one slot
     * in params for a service's own values. Each call starts with its own (freshPublishNotes),
     * the event relay carries it to the other instances (sync-messages.ts), and no client gets
     * it (it is no part of a result or an event's data).
     */
    publishNotes?: Record<string, JsonValue>
  }
}

/**
 * One thing a service's calls tell its publisher, such as the branch a customer left, so that
 * the people of that branch hear of the move. Declared next to the publisher that reads it:
 *
 *     export const formerBranch = publishNote<string>('customers.formerBranch')
 *     formerBranch.set(context.params, current.branchId)   // a hook, or the class with its params
 *     formerBranch.get(context?.params)                     // the publisher
 *
 * Names are `<service path>.<what>`, so that two services' notes never meet. Values are JSON
 * (the type says so): the publisher of another instance reads them from the relayed message.
 */
export interface PublishNote<T extends JsonValue> {
  readonly name: string
  /**
   * Tells the publisher `value`. `params` may be the call's or the copy the adapter hands the
   * class (both hold the same notes: freshPublishNotes gave the call its slot).
   */
  set(params: Params, value: T): void
  /** What the call told, if anything (nothing for an event emitted without a call's context). */
  get(params: Params | undefined): T | undefined
}

export function publishNote<T extends JsonValue>(name: string): PublishNote<T> {
  return {
    name,
    set(params, value) {
      ;(params.publishNotes ??= {})[name] = value
    },
    get(params) {
      return params?.publishNotes?.[name] as T | undefined
    }
  }
}

/**
 * An app-wide hook: every call starts with notes of its own. A nested call made with the outer
 * call's params (spread, or passed along) neither reads the outer call's notes nor writes into
 * them: its publisher hears only what it was told. The slot is made here, before any hook, so a
 * note the class sets on the adapter's copy of params reaches the call's context.
 */
export async function freshPublishNotes(context: HookContext, next: NextFunction) {
  context.params = { ...context.params, publishNotes: {} }
  return next()
}
