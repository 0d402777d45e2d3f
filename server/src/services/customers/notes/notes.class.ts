import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { Note, NoteData, NotePatch, NoteQuery } from './notes.schema'

export type { Note, NoteData, NotePatch, NoteQuery }
export type NoteParams = RecordParams & {
  query?: NoteQuery
  /** The customer a note is being written on, once checked visible to the caller. */
  noteCustomer?: { _id: string; branchId: string }
}

export class NoteService extends RecordService<Note, NoteData, NoteParams, NotePatch> {}

export const noteServiceOptions = (app: Application) => recordOptions(app, 'notes')
export const noteRowShape = { boolean: ['pinned'] }
