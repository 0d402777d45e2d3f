import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../declarations'
import { clinicError } from '../errors'

/** Keys that reach an object's prototype when assigned (`Object.assign`, `obj[key] = ...`). */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype'])
/** Deeper than any form or query we accept; deeper input is refused before anything walks it. */
export const MAX_INPUT_DEPTH = 32

/**
 * The first step of every external call, for every service (issue 11, items 6 and 8):
 * - array data is refused: no service creates or patches in bulk from outside, and hooks written
 *   for one record must never see a list;
 * - data and query are rebuilt from their own keys without `__proto__`, `constructor` and
 *   `prototype`, as plain objects, so nothing can become an inherited property later (the socket
 *   layer's `Object.assign` of a query with a `__proto__` key sets the copy's prototype: only own
 *   keys are read back here);
 * - input nested deeper than MAX_INPUT_DEPTH is refused.
 */
export async function sanitizeCall(context: HookContext) {
  if (!context.params.provider) return
  if (Array.isArray(context.data)) throw clinicError(BadRequest, 'invalid-request')
  if (context.data !== undefined) context.data = clean(context.data, 0)
  if (context.params.query !== undefined) context.params.query = clean(context.params.query, 0) as Record<string, unknown>
}

function clean(value: unknown, depth: number): unknown {
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_INPUT_DEPTH) throw clinicError(BadRequest, 'invalid-request')
  if (Array.isArray(value)) return value.map((item) => clean(item, depth + 1))
  const copy: Record<string, unknown> = {}
  for (const key of Object.keys(value)) {
    if (PROTOTYPE_KEYS.has(key)) continue
    copy[key] = clean((value as Record<string, unknown>)[key], depth + 1)
  }
  return copy
}
