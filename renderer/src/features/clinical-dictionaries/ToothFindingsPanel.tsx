import { useState } from 'react'
import { Button, Card, Form, Grid, Input, Select, Space, Table, Tag } from 'antd'
import { PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch, type RecordOf } from '../../api/live'
import { useEntryActions } from './useEntryActions'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { conditionCodes as toothConditionCodes, conditionLabelKey } from '../../../../domain/clinical/conditions'
import { type ToothConditionCode } from '../../../../server/src/services/clinical/diagnose-objectively/diagnose-objectively.shared'
import { useEntryTitle } from './entry-title'
import { ShippedTag, ShownSwitch } from './EntryState'
import { EntryActions } from './EntryActions'
import { EntryModal } from './EntryModal'
import { ImportButton } from './ImportButton'
import { icdCodeRule } from './icd-code'

type ToothFinding = RecordOf<'diagnose-objectively'>
interface Values {
  name: string
  conditionCode?: ToothConditionCode | null
  icdCode?: string
}

/** The per-tooth findings (diagnose-objectively): text, chart code, suggested ICD-10 code. */
export function ToothFindingsPanel() {
  const { t } = useTranslation()
  const conditionLabel = (code: ToothConditionCode) => `${code} — ${t(conditionLabelKey(code))}`
  const title = useEntryTitle()
  const findings = useFind('diagnose-objectively', { $limit: 500 })
  const [form] = Form.useForm<Values>()
  const [editing, setEditing] = useState<ToothFinding | 'new' | null>(null)
  const canCreate = useCan('diagnose-objectively', 'create')
  const canEdit = useCan('diagnose-objectively', 'edit')
  const canDelete = useCan('diagnose-objectively', 'delete')
  const create = useCreate('diagnose-objectively')
  const patch = usePatch('diagnose-objectively')
  const { setHidden: hideEntry, removeEntry: removeById } = useEntryActions('diagnose-objectively')
  const wide = Grid.useBreakpoint().md

  async function save(values: Values) {
    const data = { name: values.name.trim(), conditionCode: values.conditionCode ?? null, icdCode: values.icdCode?.trim() || null }
    return editing === 'new' ? create(data) : patch(editing!._id, data)
  }

  const change = (entry: ToothFinding, hidden: boolean) => hideEntry(entry._id, hidden)
  const removeEntry = (entry: ToothFinding) => removeById(entry._id)

  if (findings.error) return <FetchError error={findings.error} onRetry={() => void findings.refetch()} />
  const required = [{ required: true, whitespace: true, message: t('errors.field-required') }]
  return (
    <Card style={{ maxWidth: 960 }}>
      <div className="clinical-dictionaries-toolbar">
        <span className="clinical-dictionaries-muted">{t('odb.teethHint')}</span>
        {canCreate && (
          <Space wrap>
            <ImportButton list="diagnose-objectively" />
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => {
                form.resetFields()
                setEditing('new')
              }}
            >
              {t('odb.newToothFinding')}
            </Button>
          </Space>
        )}
      </div>
      <Table<ToothFinding>
        rowKey="_id"
        size="middle"
        loading={findings.isLoading}
        dataSource={findings.data?.data ?? []}
        pagination={false}
        rowClassName={(entry) => (entry.hidden ? 'clinical-dictionaries-hidden-row' : '')}
        locale={{ emptyText: t('odb.empty') }}
        columns={[
          {
            key: 'name',
            title: t('odb.toothFinding'),
            render: (_, entry) => (
              <>
                {title(entry)} <ShippedTag entry={entry} />
                {!wide && (entry.conditionCode || entry.icdCode) && (
                  <div className="clinical-dictionaries-muted clinical-dictionaries-code">
                    {[entry.conditionCode && conditionLabel(entry.conditionCode), entry.icdCode].filter(Boolean).join(' · ')}
                  </div>
                )}
              </>
            )
          },
          { key: 'code', title: t('odb.conditionCode'), width: 130, responsive: ['md'], render: (_, entry) => (entry.conditionCode ? <Tag color="blue">{conditionLabel(entry.conditionCode)}</Tag> : null) },
          { key: 'icd', title: t('odb.icdCode'), width: 90, responsive: ['md'], render: (_, entry) => <span className="clinical-dictionaries-code">{entry.icdCode}</span> },
          { key: 'shown', title: wide ? t('clinicalDictionaries.inExams') : undefined, width: wide ? 140 : 52, render: (_, entry) => <ShownSwitch entry={entry} disabled={!canEdit} onChange={(hidden) => void change(entry, hidden)} /> },
          {
            key: 'actions',
            align: 'right',
            width: wide ? 96 : 80,
            render: (_, entry) => (
              <EntryActions
                canEdit={canEdit && !entry.shippedKey}
                canDelete={canDelete && !entry.shippedKey}
                onEdit={() => {
                  form.setFieldsValue({ name: entry.name, conditionCode: entry.conditionCode, icdCode: entry.icdCode ?? '' })
                  setEditing(entry)
                }}
                onRemove={() => void removeEntry(entry)}
              />
            )
          }
        ]}
      />
      <EntryModal
        open={editing !== null}
        title={editing === 'new' ? t('odb.newToothFinding') : t('clinicalDictionaries.editTitle')}
        form={form}
        fields={['name', 'conditionCode', 'icdCode']}
        onSave={save}
        onClose={() => setEditing(null)}
      >
        <Form.Item name="name" label={t('odb.toothFinding')} rules={required}>
          <Input.TextArea autoSize maxLength={500} />
        </Form.Item>
        <Form.Item name="conditionCode" label={t('odb.conditionCode')}>
          <Select allowClear options={toothConditionCodes.map((code) => ({ value: code, label: conditionLabel(code) }))} />
        </Form.Item>
        <Form.Item name="icdCode" label={t('odb.icdCode')} rules={[icdCodeRule(t)]}>
          <Input placeholder="K02.1" maxLength={6} style={{ maxWidth: 160 }} />
        </Form.Item>
      </EntryModal>
    </Card>
  )
}
