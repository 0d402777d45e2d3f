import { BadRequest, NotFound } from '@feathersjs/errors'
import type { HookContext } from '../declarations'
import { clinicError } from '../errors'

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/**
 * Ids from outside must be strings (an object id such as `{ "$ne": null }` is an injection
 * attempt) and look like our UUIDs; anything else cannot name a record, so it is not found.
 * Services whose ids are not UUIDs ('mine', tokens) list the extra ids they accept: exact
 * strings, or patterns for ids of another shape.
 */
export const checkId =
  (...alsoAccepted: Array<string | RegExp>) =>
  async (context: HookContext) => {
    if (!context.params.provider || context.id === undefined) return
    const { id, method } = context
    if (id === null) {
      if (method === 'patch' || method === 'remove') throw clinicError(BadRequest, 'invalid-request', '_id')
      return
    }
    if (typeof id !== 'string') throw clinicError(BadRequest, 'invalid-request', '_id')
    const accepted = alsoAccepted.some((other) => (typeof other === 'string' ? other === id : other.test(id)))
    if (!UUID.test(id) && !accepted) throw clinicError(NotFound, 'not-found')
  }
