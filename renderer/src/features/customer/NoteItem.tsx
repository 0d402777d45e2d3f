import { useState } from 'react'
import { Button, Popconfirm, Tooltip } from 'antd'
import { DeleteOutlined, EditOutlined, PushpinFilled, PushpinOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { toastError } from '../../app/toasts'
import type { NoteRecord } from '../customers/customer-types'
import { NoteEditor } from './NoteEditor'

interface Props {
  note: NoteRecord
  author: string | undefined
  canEdit: boolean
  canDelete: boolean
  onEdit: (note: NoteRecord, change: Partial<NoteRecord>) => Promise<void>
  onDelete: (note: NoteRecord) => Promise<void>
}

/** One note: its text, who wrote it and when, and pin, edit and delete. */
export function NoteItem({ note, author, canEdit, canDelete, onEdit, onDelete }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const [editing, setEditing] = useState(false)
  const edited = note.updatedAt && note.updatedAt !== note.createdAt
  return (
    <li className={note.pinned ? 'note note-pinned' : 'note'} data-testid="note">
      {editing ? (
        <NoteEditor
          initial={note.text}
          saveLabel={t('common.save')}
          onCancel={() => setEditing(false)}
          onSave={async (text) => {
            await onEdit(note, { text })
            setEditing(false)
          }}
        />
      ) : (
        <>
          <div className="note-head">
            <span className="note-meta">
              {note.pinned && <PushpinFilled className="note-pin-mark" aria-label={t('notes.pinned')} />}
              {author ? `${author} · ` : ''}
              {format.dateTime(note.createdAt)}
              {edited ? ` · ${t('notes.edited')}` : ''}
            </span>
            <span className="note-actions">
              {canEdit && (
                <Tooltip title={note.pinned ? t('notes.unpin') : t('notes.pin')}>
                  <Button
                    type="text"
                    size="small"
                    icon={note.pinned ? <PushpinFilled /> : <PushpinOutlined />}
                    aria-label={note.pinned ? t('notes.unpin') : t('notes.pin')}
                    onClick={() => void onEdit(note, { pinned: !note.pinned }).catch(toastError)}
                    data-testid="note-pin"
                  />
                </Tooltip>
              )}
              {canEdit && (
                <Tooltip title={t('common.edit')}>
                  <Button type="text" size="small" icon={<EditOutlined />} aria-label={t('common.edit')} onClick={() => setEditing(true)} data-testid="note-edit" />
                </Tooltip>
              )}
              {canDelete && (
                <Popconfirm title={t('notes.deleteConfirm')} description={t('notes.deleteHint')} okText={t('common.delete')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} onConfirm={() => onDelete(note)}>
                  <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={t('common.delete')} data-testid="note-delete" />
                </Popconfirm>
              )}
            </span>
          </div>
          <div className="note-text">{note.text}</div>
        </>
      )}
    </li>
  )
}
