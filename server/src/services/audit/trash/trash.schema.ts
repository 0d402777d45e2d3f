import { resolve, virtual } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema, strictQuery } from '../../../schema/query'
import { clientSnapshot } from './trash-rows'
import { recordServiceAt, trashResource } from './trash-access'

// Main: a removed record of any service, kept until restored or deleted for good.
export const trashItemSchema = Type.Object(
  {
    _id: IdSchema,
    companyId: IdSchema,
    branchId: Type.Union([IdSchema, Type.Null()]),
    /** The record's owner under its service's scope (an appointment's doctor), else null. */
    ownerId: Type.Union([IdSchema, Type.Null()]),
    /** The customer the record follows under its service's scope (a note's), else null. */
    customerId: Type.Union([IdSchema, Type.Null()]),
    /** The service path the record was removed from (`specialty`, `customers`...). */
    service: Type.String({ maxLength: 100 }),
    recordId: Type.String({ maxLength: 100 }),
    /** Display text: the record's name, a person's names or its title; empty when it has none. */
    title: Type.String(),
    /**
     * The record's stored fields as they were, in its service's API shape, without the columns
     * that never leave the server; fields its service computes when read (a customer's status)
     * are not stored, so not here either.
     */
    record: Type.Record(Type.String(), Type.Unknown()),
    deletedBy: Type.Union([IdSchema, Type.Null()]),
    deletedAt: InstantSchema,
    /** The permission resource that guards the record (view to see, create to restore, delete to purge). */
    resource: Type.Optional(Type.String())
  },
  { $id: 'TrashItem', additionalProperties: false }
)
export type TrashItem = Static<typeof trashItemSchema>
export const trashResolver = resolve<TrashItem, HookContext>({
  resource: virtual(async (item): Promise<string> => trashResource(item.service))
})
/** Hidden columns never leave; protected phones are blanked for those who may not see them. */
export const trashExternalResolver = resolve<TrashItem, HookContext>({
  record: async (value, item, context) => clientSnapshot(item.service, value ?? {}, recordServiceAt(context.app, item.service), context.params.identity)
})

// Patch: the only change a client makes is bringing the record back.
export const trashPatchSchema = Type.Object({ restore: Type.Literal(true) }, { $id: 'TrashPatch', additionalProperties: false })
export type TrashPatch = Static<typeof trashPatchSchema>
export const trashPatchValidator = getValidator(trashPatchSchema, dataValidator)

// Query: by kind, by who removed and when; newest first unless sorted otherwise.
export const trashQueryProperties = Type.Pick(trashItemSchema, ['_id', 'companyId', 'branchId', 'service', 'recordId', 'deletedBy', 'deletedAt'])
export const trashQuerySchema = strictQuery(trashQueryProperties)
export type TrashQuery = Static<typeof trashQuerySchema>
export const trashQueryValidator = getValidator(trashQuerySchema, queryValidator)
