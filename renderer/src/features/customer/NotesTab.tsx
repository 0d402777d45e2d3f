import { useState } from 'react'
import { Button, Card, Empty } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import type { NoteRecord } from '../customers/customer-types'
import { NoteEditor } from './NoteEditor'
import { NoteItem } from './NoteItem'
import { useNotes } from './useNotes'
import { useTeamNames } from './useTeamNames'

const NOTES_PAGE = 50

/** The notes tab: add a note, then the notes pinned first and newest first; everyone sees changes live. */
export function NotesTab({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const [limit, setLimit] = useState(NOTES_PAGE)
  const { notes } = useNotes(customerId, limit)
  const names = useTeamNames()
  const canCreate = useCan('notes', 'create')
  const canEdit = useCan('notes', 'edit')
  const canDelete = useCan('notes', 'delete')
  const createNote = useCreate('notes')
  const patchNote = usePatch('notes')
  const removeNote = useRemove('notes')

  async function add(text: string) {
    await createNote({ customerId, text, pinned: false })
  }

  async function edit(note: NoteRecord, change: Partial<NoteRecord>) {
    await patchNote(note._id, change)
  }

  async function remove(note: NoteRecord) {
    try {
      await removeNote(note._id)
      toast.success(t('notes.deleted'))
    } catch (error) {
      toastError(error)
    }
  }

  const list = notes.data?.data ?? []
  const total = notes.data?.total ?? 0
  return (
    <Card size="small" className="notes-card">
      {canCreate && <NoteEditor onSave={add} saveLabel={t('notes.add')} />}
      {notes.error ? (
        <FetchError error={notes.error} onRetry={() => void notes.refetch()} />
      ) : !list.length && !notes.isLoading ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('notes.none')} />
      ) : (
        <ul className="note-list" data-testid="note-list">
          {list.map((note) => (
            <NoteItem
              key={note._id}
              note={note}
              author={note.createdBy ? names.get(note.createdBy) : undefined}
              canEdit={canEdit}
              canDelete={canDelete}
              onEdit={edit}
              onDelete={remove}
            />
          ))}
        </ul>
      )}
      {total > list.length && (
        <Button block onClick={() => setLimit((current) => current + NOTES_PAGE)}>
          {t('notes.more')}
        </Button>
      )}
    </Card>
  )
}
