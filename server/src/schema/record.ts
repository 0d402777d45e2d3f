import { Type } from '@feathersjs/typebox'
import type { HookContext } from '../declarations'
import { newId, now } from '../hooks/ids'
import { IdSchema, InstantSchema } from './query'

/** The columns every record carries (ARCHITECTURE.md "Data"), for the main schemas. */
export const recordProperties = {
  _id: IdSchema,
  companyId: IdSchema,
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  createdBy: Type.Union([IdSchema, Type.Null()])
}

const callerId = (context: HookContext) => context.params.identity?.user._id ?? null

/**
 * Data resolvers that stamp those columns on create. Clients never send them (the data schemas
 * leave them out); an external call's record always belongs to the caller's company.
 */
export const recordCreateResolvers = {
  _id: async () => newId(),
  companyId: async (value: string | undefined, _data: unknown, context: HookContext) =>
    context.params.provider ? context.params.identity!.user.companyId : value,
  createdAt: async () => now(),
  updatedAt: async () => now(),
  createdBy: async (_value: unknown, _data: unknown, context: HookContext) => callerId(context)
}

export const recordPatchResolvers = {
  updatedAt: async () => now()
}
