import { clientService } from '../../../client-service'
import type { Note, NoteData, NotePatch, NoteQuery, NoteService } from './notes.class'

export type { Note, NoteData, NotePatch, NoteQuery }

export const notePath = 'notes'
export const noteMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type NoteClientService = Pick<NoteService, (typeof noteMethods)[number]>

export const MAX_NOTE_LENGTH = 5000
export const noteClient = clientService<NoteClientService>()(notePath, noteMethods, { branchScoped: true })
