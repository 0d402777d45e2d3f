import { useState } from 'react'
import { Button, Card, Form, Grid, Input, InputNumber, Space, Table } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch, type RecordOf } from '../../api/live'
import { useEntryActions } from './useEntryActions'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { MAX_UET } from '../../../../server/src/services/clinical/manipulations/manipulations.shared'
import { formatUet, useEntryTitle } from './entry-title'
import { ShippedTag, ShownSwitch } from './EntryState'
import { EntryActions } from './EntryActions'
import { EntryModal } from './EntryModal'
import { ImportButton } from './ImportButton'
import './clinical-dictionaries.css'

type Manipulation = RecordOf<'manipulations'>
interface Values {
  name: string
  code?: string
  /** In units (0.5), stored in hundredths (50). */
  uet?: number | null
}

const toHundredths = (uet: number | null | undefined) => (uet === null || uet === undefined ? null : Math.round(uet * 100))

/**
 * /company/manipulations: the manipulations a treatment record cites (anaesthesia, isolation…)
 * with their nomenclature code and labour units (УЕТ). On a shipped one the clinic sets only its
 * own УЕТ (tariffs differ by region) and whether exams offer it.
 */
export default function ManipulationsPage() {
  const { t, i18n } = useTranslation()
  const title = useEntryTitle()
  const list = useFind('manipulations', { $limit: 500 })
  const [form] = Form.useForm<Values>()
  const [editing, setEditing] = useState<Manipulation | 'new' | null>(null)
  const canCreate = useCan('manipulations', 'create')
  const canEdit = useCan('manipulations', 'edit')
  const canDelete = useCan('manipulations', 'delete')
  const create = useCreate('manipulations')
  const patch = usePatch('manipulations')
  const { setHidden: hideEntry, removeEntry: removeById } = useEntryActions('manipulations')
  const wide = Grid.useBreakpoint().md
  const shipped = editing !== null && editing !== 'new' && Boolean(editing.shippedKey)

  async function save(values: Values) {
    const uet = toHundredths(values.uet)
    if (editing === 'new') return create({ name: values.name.trim(), code: values.code?.trim() || null, uet })
    if (shipped) return patch(editing!._id, { uet })
    return patch(editing!._id, { name: values.name.trim(), code: values.code?.trim() || null, uet })
  }

  const setHidden = (entry: Manipulation, hidden: boolean) => hideEntry(entry._id, hidden)
  const removeEntry = (entry: Manipulation) => removeById(entry._id)

  if (list.error) return <FetchError error={list.error} onRetry={() => void list.refetch()} />
  const required = [{ required: true, whitespace: true, message: t('errors.field-required') }]
  return (
    <>
      <PageHeader
        title={t('manipulations.title')}
        subtitle={t('manipulations.subtitle')}
        extra={
          canCreate && (
            <Space wrap>
              <ImportButton list="manipulations" />
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => {
                  form.resetFields()
                  setEditing('new')
                }}
              >
                {t('manipulations.new')}
              </Button>
            </Space>
          )
        }
      />
      <Card style={{ maxWidth: 1040 }}>
        <Table<Manipulation>
          rowKey="_id"
          size="middle"
          loading={list.isLoading}
          dataSource={list.data?.data ?? []}
          pagination={false}
          rowClassName={(entry) => (entry.hidden ? 'clinical-dictionaries-hidden-row' : '')}
          locale={{ emptyText: t('manipulations.empty') }}
          columns={[
            {
              key: 'name',
              title: t('clinicalDictionaries.name'),
              render: (_, entry) => (
                <>
                  {title(entry)} <ShippedTag entry={entry} />
                  {!wide && (entry.code || entry.uet !== null) && (
                    <div className="clinical-dictionaries-muted clinical-dictionaries-code">
                      {[entry.code, entry.uet !== null && `${t('manipulations.uet')} ${formatUet(entry.uet, i18n.language)}`].filter(Boolean).join(' · ')}
                    </div>
                  )}
                </>
              )
            },
            { key: 'code', title: t('manipulations.code'), width: 150, responsive: ['md'], render: (_, entry) => <span className="clinical-dictionaries-code">{entry.code}</span> },
            { key: 'uet', title: t('manipulations.uet'), width: 80, align: 'right', responsive: ['md'], render: (_, entry) => <span className="clinical-dictionaries-code">{formatUet(entry.uet, i18n.language)}</span> },
            { key: 'shown', title: wide ? t('clinicalDictionaries.inExams') : undefined, width: wide ? 140 : 52, render: (_, entry) => <ShownSwitch entry={entry} disabled={!canEdit} onChange={(hidden) => void setHidden(entry, hidden)} /> },
            {
              key: 'actions',
              align: 'right',
              width: wide ? 96 : 80,
              render: (_, entry) => (
                <EntryActions
                  canEdit={canEdit}
                  canDelete={canDelete && !entry.shippedKey}
                  onEdit={() => {
                    form.setFieldsValue({ name: title(entry), code: entry.code ?? '', uet: entry.uet === null ? null : entry.uet / 100 })
                    setEditing(entry)
                  }}
                  onRemove={() => void removeEntry(entry)}
                />
              )
            }
          ]}
        />
      </Card>
      <EntryModal
        open={editing !== null}
        title={editing === 'new' ? t('manipulations.new') : t('clinicalDictionaries.editTitle')}
        form={form}
        fields={['name', 'code', 'uet']}
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="name" label={t('clinicalDictionaries.name')} rules={required} extra={shipped ? t('manipulations.shippedEditHint') : undefined}>
          <Input maxLength={500} disabled={shipped} />
        </Form.Item>
        <Form.Item name="code" label={t('manipulations.code')} extra={t('manipulations.codeHint')}>
          <Input maxLength={50} disabled={shipped} placeholder="A16.07.002" style={{ maxWidth: 240 }} />
        </Form.Item>
        <Form.Item name="uet" label={t('manipulations.uet')} extra={t('manipulations.uetHint')}>
          <InputNumber min={0} max={MAX_UET / 100} step={0.25} precision={2} style={{ width: 160 }} />
        </Form.Item>
      </EntryModal>
    </>
  )
}
