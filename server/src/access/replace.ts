import { BadRequest } from '@feathersjs/errors'
import { createContext } from '../feathers-runtime'
import type { TSchema } from '@feathersjs/typebox'
import type { Ajv } from '@feathersjs/schema'
import type { HookContext } from '../declarations'
import { clinicError, fromValidationErrors } from '../errors'
import { dataValidator } from '../validators'

declare module '@feathersjs/feathers' {
  interface Params {
    /** The service path of the external `update` this patch runs for (see replaceThroughPatch). */
    replacing?: string
  }
}

interface ObjectSchema {
  $id?: string
  properties?: Record<string, unknown>
  required?: string[]
  [key: string]: unknown
}

/**
 * The data schema of an `update` (a full replacement): the fields a patch may set, with every
 * field that create requires and a patch may set required too. Fields fixed at creation (in the
 * create schema only: a note's customer, a custom field's type, a work place's branch) are not
 * part of a replacement; sending one is refused like in a patch.
 */
export function replacementSchema(create: TSchema, patch: TSchema): TSchema {
  const { $id: _id, ...patchSchema } = patch as ObjectSchema
  const settable = Object.keys(patchSchema.properties ?? {})
  const required = ((create as ObjectSchema).required ?? []).filter((field) => settable.includes(field))
  return { ...patchSchema, required } as unknown as TSchema
}

type ValidateFunction = ReturnType<Ajv['compile']>

const compiled = new WeakMap<TSchema, ValidateFunction>()

function validatorFor(schema: TSchema): ValidateFunction {
  let validate = compiled.get(schema)
  if (!validate) {
    validate = dataValidator.compile(schema)
    compiled.set(schema, validate)
  }
  return validate
}

/**
 * An external `update` (spec section 7: "update (id, data)") is a full replacement of one record,
 * checked like a create and saved like a patch. It is run as the service's own `patch`, with the
 * same params (so the caller, their permission, tenancy, branch scope, references, the service's
 * rules, trash and the activity log's capture all apply exactly as to a patch), after the data
 * was validated with `schema` (required fields present: replacementSchema). The caller gets the
 * patch's answer; the record's watchers get one `updated` event (the patch's own `patched` is
 * not sent), and the activity log writes one `update` entry.
 */
export async function replaceThroughPatch(context: HookContext, schema: TSchema): Promise<void> {
  if (context.id === null || context.id === undefined) throw clinicError(BadRequest, 'invalid-request', '_id')
  const data: unknown = context.data
  if (data === null || typeof data !== 'object' || Array.isArray(data)) throw clinicError(BadRequest, 'invalid-request')
  const validate = validatorFor(schema)
  if (!validate(data)) throw fromValidationErrors(validate.errors ?? [])
  const patch = createContext(context.self, 'patch') as HookContext
  const done = (await context.self.patch(context.id, data, { ...context.params, replacing: context.path }, patch)) as HookContext
  context.result = done.result
  context.dispatch = done.dispatch
  // The update's own event is the one sent: it tells its publisher what the patch noted (a move).
  context.params.publishNotes = { ...context.params.publishNotes, ...done.params.publishNotes }
}

/** Inside the patch of a replacement: its event is the update's `updated`, sent by the update. */
export function silenceReplacingPatch(context: HookContext): void {
  if (context.method === 'patch' && context.params.replacing === context.path) context.event = null
}
