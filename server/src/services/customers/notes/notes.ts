import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { patientAudience } from '../customers/patient-audience'
import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { findOfVisibleCustomer, ofVisibleCustomer, visibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { assertWorksIn } from '../../../access/branch-scope'
import { clinicError } from '../../../errors'
import type { RecordScope } from '../../../access/record-scope'
import { NoteService, noteRowShape, noteServiceOptions, type Note, type NoteParams } from './notes.class'
import {
  noteDataResolver,
  noteDataValidator,
  noteExternalResolver,
  notePatchResolver,
  notePatchValidator,
  noteQueryResolver,
  noteQueryValidator,
  noteResolver,
  noteDataSchema,
  notePatchSchema
} from './notes.schema'
import { MAX_NOTE_LENGTH, noteMethods, notePath } from './notes.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import { quietClientKeyReplay, takeClientKey } from '../../client-keys'

declare module '../../../declarations' {
  interface ServiceTypes {
    [notePath]: NoteService
  }
}

/** Trims the text and gives its own messages for a blank or too long one (before the schema). */
async function normaliseText(context: HookContext) {
  const data = context.data as { text?: unknown }
  if (!data || typeof data.text !== 'string') return
  const text = data.text.trim()
  if (text === '') throw clinicError(BadRequest, 'field-required', 'text')
  if (text.length > MAX_NOTE_LENGTH) throw clinicError(BadRequest, 'note-too-long', 'text', { max: MAX_NOTE_LENGTH })
  context.data = { ...data, text }
}

/** A note is written on a customer the caller can see, in one of the caller's branches. */
async function onVisibleCustomer(context: HookContext) {
  const data = context.data as { customerId: string; branchId?: string }
  const customer = await visibleCustomer(context, data.customerId)
  ;(context.params as NoteParams).noteCustomer = { _id: customer._id, branchId: customer.branchId }
  const identity = context.params.identity
  if (context.params.provider && identity && data.branchId !== undefined) assertWorksIn(identity, data.branchId)
}

/**
 * A note reaches the people who see its customer (the customer's branch, or the whole company
 * when branches see all customers) and who may view notes and customers.
 */
const publishNote = (app: Application) => (data: unknown, context?: HookContext) => patientAudience(app, data as Note, 'notes', context)

/** Who sees which notes: those who see their customer (ofVisibleCustomer). */
const noteScope: RecordScope = { customer: { field: 'customerId' } }

/** `notes`: notes on customer records. */
export function notes(app: Application) {
  registerService(app, notePath, new NoteService({ ...noteServiceOptions(app), scope: noteScope }, noteRowShape), {
    methods: [...noteMethods],
    tables: ['notes'],
    customerRows: [{ table: 'notes', column: 'customerId' }],
    access: { data: { create: noteDataSchema, patch: notePatchSchema }, methods: standardAccess('notes'), module: 'customers' },
    hooks: {
      around: {
        all: [
          resolveExternal(noteExternalResolver),
          resolveResult(noteResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(noteQueryValidator), companyScope, schemaHooks.resolveQuery(noteQueryResolver)],
        // Per customer, pinned first, then the newest.
        find: [findOfVisibleCustomer({ pinned: -1, createdAt: -1, _id: -1 })],
        get: [ofVisibleCustomer],
        create: [normaliseText, schemaHooks.validateData(noteDataValidator), takeClientKey, onVisibleCustomer, schemaHooks.resolveData(noteDataResolver)],
        patch: [ofVisibleCustomer, normaliseText, schemaHooks.validateData(notePatchValidator), schemaHooks.resolveData(notePatchResolver)],
        remove: [ofVisibleCustomer]
      },
      after: { create: [quietClientKeyReplay] }
    },
    publish: publishNote(app)
  })
}
