import { useState } from 'react'
import { Button, Card, Input, Table, Tag } from 'antd'
import { SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { useFind, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { CodesPageHeader } from './CodesPageHeader'
import { FetchError } from '../../components/FetchError'
import { useDebounced } from '../../components/useDebounced'
import { toast, toastError } from '../../app/toasts'
import type { Complaint } from '../../../../server/src/services/clinical/cdb/cdb.shared'
import { MAX_ICD_CODE } from '../../../../server/src/services/clinical/icd/icd.shared'
import { isShipped, titleIn } from './code-titles'
import { CdbEntryModal } from './CdbEntryModal'
import { ImportCsvModal } from './ImportCsvModal'
import { CodeRowActions } from './CodeRowActions'
import './clinical-codes.css'

const IMPORT_EXAMPLE = 'ru,en,uz,fi,icd\nБоль от кислого,Pain from sour food,,,K03.2 K02'
const CODE_SHAPE = /^[A-Za-z0-9][A-Za-z0-9.-]*$/

/**
 * /company/cdb/{icd?}: the complaints list, all of it or the complaints of one ICD-10 code (and
 * its category), searchable; the company's own complaints are editable, the shipped ones not.
 */
export default function CdbPage() {
  const { t, i18n } = useTranslation()
  const navigate = useNavigate()
  const { icd } = useParams()
  const code = icd && CODE_SHAPE.test(icd) ? icd.toUpperCase() : undefined
  const [search, setSearch] = useState('')
  const [codeInput, setCodeInput] = useState(code ?? '')
  const [editing, setEditing] = useState<Complaint | 'new' | null>(null)
  const [importing, setImporting] = useState(false)
  const term = useDebounced(search.trim(), 250)
  const canCreate = useCan('cdb', 'create')
  const canEdit = useCan('cdb', 'edit')
  const canDelete = useCan('cdb', 'delete')
  const list = useFind('cdb', { ...(code ? { icd: code } : {}), ...(term ? { text: term } : {}), $sort: { rank: 1, createdAt: 1 }, $limit: 500 })
  const remove = useRemove('cdb', { also: ['trash'] })
  // The buttons' column only when the list holds an own complaint the person may change.
  const withActions = (canEdit || canDelete) && (list.data?.data ?? []).some((entry) => !isShipped(entry))

  function filterBy(value: string) {
    const next = value.trim().toUpperCase()
    navigate(next && CODE_SHAPE.test(next) ? `/company/cdb/${encodeURIComponent(next)}` : '/company/cdb')
  }

  async function removeEntry(entry: Complaint) {
    try {
      await remove(entry._id)
      toast.success(t('trash.moved'))
    } catch (error) {
      toastError(error)
    }
  }

  if (list.error) return <FetchError error={list.error} onRetry={() => void list.refetch()} />

  return (
    <>
      <CodesPageHeader
        title={code ? `${t('cdb.title')} · ${code}` : t('cdb.title')}
        subtitle={t('cdb.subtitle')}
        canCreate={Boolean(canCreate)}
        canDelete={Boolean(canDelete)}
        addLabel={t('cdb.add')}
        testId="cdb"
        onImport={() => setImporting(true)}
        onAdd={() => setEditing('new')}
      />
      <Card size="small" className="codes-card">
        <div className="codes-toolbar">
          <Input
            allowClear
            className="codes-search"
            prefix={<SearchOutlined />}
            placeholder={t('cdb.search')}
            aria-label={t('cdb.search')}
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
          <Input.Search
            allowClear
            style={{ width: 200 }}
            maxLength={MAX_ICD_CODE}
            placeholder={t('cdb.filterByIcd')}
            aria-label={t('cdb.filterByIcd')}
            value={codeInput}
            onChange={(event) => {
              setCodeInput(event.target.value)
              if (!event.target.value) filterBy('')
            }}
            onSearch={filterBy}
          />
          {code && (
            <Button type="link" onClick={() => (setCodeInput(''), filterBy(''))}>
              {t('cdb.allCodes')}
            </Button>
          )}
        </div>
        <Table<Complaint>
          rowKey="_id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.data ?? []}
          pagination={false}
          showHeader={false}
          locale={{ emptyText: term || code ? t('cdb.noMatch') : t('cdb.empty') }}
          columns={[
            {
              key: 'title',
              render: (_, entry) => (
                <div>
                  <span>{titleIn(entry.titles, i18n.language)}</span>
                  {!isShipped(entry) && (
                    <Tag color="blue" className="own-tag">
                      {t('clinicalCodes.own')}
                    </Tag>
                  )}
                  {entry.icdCodes.length > 0 && (
                    <div className="code-tags">
                      {entry.icdCodes.map((each) => (
                        <Tag key={each}>
                          <Link to={`/company/cdb/${encodeURIComponent(each)}`} onClick={() => setCodeInput(each)}>
                            {each}
                          </Link>
                        </Tag>
                      ))}
                    </div>
                  )}
                </div>
              )
            },
            ...(withActions
              ? [
                  {
                    key: 'actions',
                    width: 88,
                    align: 'right' as const,
                    render: (_: unknown, entry: Complaint) =>
                      !isShipped(entry) && <CodeRowActions canEdit={canEdit} canDelete={canDelete} onEdit={() => setEditing(entry)} onRemove={() => void removeEntry(entry)} />
                  }
                ]
              : [])
          ]}
        />
      </Card>
      {editing && <CdbEntryModal entry={editing === 'new' ? null : editing} icdCode={code ?? null} onClose={() => setEditing(null)} />}
      {importing && <ImportCsvModal list="cdb" example={IMPORT_EXAMPLE} onClose={() => setImporting(false)} />}
    </>
  )
}
