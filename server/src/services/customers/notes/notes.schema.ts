import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { ClientKeySchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { MAX_NOTE_LENGTH } from './notes.shared'
import type { NoteParams } from './notes.class'

// Main: a note on a customer's record (the notes tab of /customer/{id}).
export const noteSchema = Type.Object(
  {
    ...recordProperties,
    /** Where it was written: the writer's current branch, else the customer's branch. */
    branchId: ref('branches'),
    customerId: ref('customers'),
    text: Type.String({ minLength: 1, maxLength: MAX_NOTE_LENGTH }),
    /** Pinned notes come first. */
    pinned: Type.Boolean()
  },
  { $id: 'Note', additionalProperties: false }
)
export type Note = Static<typeof noteSchema>
export const noteResolver = resolve<Note, HookContext>({})
export const noteExternalResolver = resolve<Note, HookContext>({})

// Data: customerId and text; the branch is filled by the client (current branch) or here.
export const noteDataSchema = Type.Intersect(
  // clientKey: made once per key (client-keys.ts).
  [Type.Pick(noteSchema, ['customerId', 'text']), Type.Partial(Type.Pick(noteSchema, ['branchId', 'pinned'])), Type.Object({ clientKey: Type.Optional(ClientKeySchema) })],
  { $id: 'NoteData', additionalProperties: false }
)
export type NoteData = Static<typeof noteDataSchema>
export const noteDataValidator = getValidator(noteDataSchema, dataValidator)
export const noteDataResolver = resolve<Note, HookContext>({
  ...recordCreateResolvers,
  text: async (value) => value?.trim(),
  pinned: async (value) => value ?? false,
  branchId: async (value, _data, context) => value ?? (context.params as NoteParams).noteCustomer?.branchId
})

// Patch: the text and the pin; a note stays with its customer.
export const notePatchSchema = Type.Partial(Type.Pick(noteSchema, ['text', 'pinned']), { $id: 'NotePatch', additionalProperties: false })
export type NotePatch = Static<typeof notePatchSchema>
export const notePatchValidator = getValidator(notePatchSchema, dataValidator)
export const notePatchResolver = resolve<Note, HookContext>({
  ...recordPatchResolvers,
  text: async (value) => value?.trim()
})

// Query
export const noteQueryProperties = Type.Pick(noteSchema, ['_id', 'companyId', 'branchId', 'customerId', 'pinned', 'createdAt', 'updatedAt', 'createdBy'])
export const noteQuerySchema = strictQuery(noteQueryProperties)
export type NoteQuery = Static<typeof noteQuerySchema>
export const noteQueryValidator = getValidator(noteQuerySchema, queryValidator)
export const noteQueryResolver = resolve<NoteQuery, HookContext>({})
