import { useState } from 'react'
import { Breadcrumb, Card, Input, Table, Tag } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router'
import { useFind, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { CodesPageHeader } from './CodesPageHeader'
import { FetchError } from '../../components/FetchError'
import { useDebounced } from '../../components/useDebounced'
import { toast, toastError } from '../../app/toasts'
import type { IcdCode } from '../../../../server/src/services/clinical/icd/icd.shared'
import { isShipped, titleIn } from './code-titles'
import { useIcdTrail } from './useIcdTrail'
import { IcdEntryModal } from './IcdEntryModal'
import { ImportCsvModal } from './ImportCsvModal'
import { CodeRowActions } from './CodeRowActions'
import './clinical-codes.css'

const IMPORT_EXAMPLE = 'code,parent,ru,en,uz,fi\nK02.10,K02.1,Кариес дентина начальный,Early dentine caries,,'

/**
 * /company/icd/{parentId?}: the ICD-10 tree, a level at a time (chapters, blocks, categories,
 * subcategories) with breadcrumbs back up, a search over every level, and the company's own codes
 * beside the shipped ones (only those are editable).
 */
export default function IcdPage() {
  const { t, i18n } = useTranslation()
  const { parentId } = useParams()
  const [search, setSearch] = useState('')
  const [editing, setEditing] = useState<IcdCode | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  const term = useDebounced(search.trim(), 250)
  const canCreate = useCan('icd', 'create')
  const canEdit = useCan('icd', 'edit')
  const canDelete = useCan('icd', 'delete')
  const level = useFind('icd', { parentId: parentId ?? null, $sort: { code: 1 }, $limit: 500 }, !term)
  const found = useFind('icd', { text: term, $sort: { code: 1 }, $limit: 200 }, Boolean(term))
  const trail = useIcdTrail(parentId)
  const remove = useRemove('icd', { also: ['trash'] })
  const list = term ? found : level
  const parent = trail.data?.[trail.data.length - 1]
  // The buttons' column only when the page holds an own entry the person may change.
  const withActions = (canEdit || canDelete) && (list.data?.data ?? []).some((entry) => !isShipped(entry))

  async function removeEntry(entry: IcdCode) {
    try {
      await remove(entry._id)
      toast.success(t('trash.moved'))
    } catch (error) {
      toastError(error)
    }
  }

  const error = list.error ?? trail.error
  if (error) return <FetchError error={error} onRetry={() => void Promise.all([list.refetch(), trail.refetch()])} />
  const title = (entry: IcdCode) => titleIn(entry.titles, i18n.language)

  return (
    <>
      <CodesPageHeader
        title={t('icd.title')}
        subtitle={t('icd.subtitle')}
        canCreate={Boolean(canCreate)}
        canDelete={Boolean(canDelete)}
        addLabel={t('icd.add')}
        testId="icd"
        onImport={() => setImporting(true)}
        onAdd={() => setEditing('new')}
      />
      <Card size="small" className="codes-card">
        <Input
          allowClear
          className="codes-search"
          prefix={<SearchOutlined />}
          placeholder={t('icd.search')}
          aria-label={t('icd.search')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {!term && (
          <Breadcrumb
            className="codes-trail"
            items={[
              { key: 'root', title: parentId ? <Link to="/company/icd">{t('icd.root')}</Link> : t('icd.root') },
              ...(trail.data ?? []).map((entry, index, all) => ({
                key: entry._id,
                title: index === all.length - 1 ? entry.code : <Link to={`/company/icd/${entry._id}`}>{entry.code}</Link>
              }))
            ]}
          />
        )}
        {!term && parent && <h2 className="codes-level-title">{`${parent.code} ${title(parent)}`}</h2>}
        <Table<IcdCode>
          rowKey="_id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.data ?? []}
          pagination={false}
          showHeader={false}
          locale={{ emptyText: term ? t('icd.noMatch') : t('icd.emptyLevel') }}
          columns={[
            {
              key: 'code',
              width: 96,
              render: (_, entry) => (
                <Link className="code-link" to={`/company/icd/${entry._id}`}>
                  {entry.code}
                </Link>
              )
            },
            {
              key: 'title',
              render: (_, entry) => (
                <span>
                  {title(entry)}
                  {!isShipped(entry) && (
                    <Tag color="blue" className="own-tag">
                      {t('clinicalCodes.own')}
                    </Tag>
                  )}
                </span>
              )
            },
            ...(withActions
              ? [
                  {
                    key: 'actions',
                    width: 88,
                    align: 'right' as const,
                    render: (_: unknown, entry: IcdCode) =>
                      !isShipped(entry) && <CodeRowActions canEdit={canEdit} canDelete={canDelete} onEdit={() => setEditing(entry)} onRemove={() => void removeEntry(entry)} />
                  }
                ]
              : [])
          ]}
        />
      </Card>
      {editing && <IcdEntryModal entry={editing === 'new' ? null : editing} parentCode={editing === 'new' ? (parent?.code ?? null) : null} onClose={() => setEditing(null)} />}
      {importing && <ImportCsvModal list="icd" example={IMPORT_EXAMPLE} onClose={() => setImporting(false)} />}
    </>
  )
}
