import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { createOnce } from '../../client-keys'
import type { Note, NoteData, NotePatch, NoteQuery } from './notes.schema'

export type { Note, NoteData, NotePatch, NoteQuery }
export type NoteParams = RecordParams & {
  query?: NoteQuery
  /** The customer a note is being written on, once checked visible to the caller. */
  noteCustomer?: { _id: string; branchId: string }
}

export class NoteService extends RecordService<Note, NoteData, NoteParams, NotePatch> {
  /** Once per client key (client-keys.ts). */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async _create(data: any, params?: NoteParams): Promise<any> {
    return createOnce<Note>(this, data.companyId, params, (inTrx) => super._create(data, inTrx))
  }
}

export const noteServiceOptions = (app: Application) => recordOptions(app, 'notes')
export const noteRowShape = { boolean: ['pinned'] }
