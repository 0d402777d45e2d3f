import { useState } from 'react'
import { Button, Drawer, Form, Grid, Input, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch, type RecordOf } from '../../api/live'
import { toast } from '../../app/toasts'
import { MAX_BUNDLE_NAME } from '../../../../server/src/services/catalogue/bundle/bundle.shared'
import { ServiceLines } from './ServiceLines'
import { BundleTotal } from './BundleTotal'
import { linesOf, showNestedError, type LineValues } from './bundle-form'

type Bundle = RecordOf<'bundle'>
interface Values {
  name: string
  specialtyId?: string | null
  items: LineValues[]
}

/** Add or edit a bundle: its name, specialty, and services with quantities; the total follows. */
export function BundleDrawer({ bundle, catalogue, onClose }: { bundle: Bundle | null; catalogue: ReadonlyArray<RecordOf<'service'>>; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const phone = !Grid.useBreakpoint().md
  const specialties = useFind('specialty', { $limit: 500, $sort: { name: 1 } })
  const create = useCreate('bundle')
  const patch = usePatch('bundle')
  const items = Form.useWatch('items', form) as LineValues[] | undefined

  async function save(values: Values) {
    setBusy(true)
    const data = { name: values.name.trim(), specialtyId: values.specialtyId ?? null, items: linesOf(values.items) }
    try {
      await (bundle ? patch(bundle._id, data) : create(data))
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showNestedError(form, error, ['name', 'specialtyId', 'items'])
      setBusy(false)
    }
  }

  const initial: Values = bundle
    ? { name: bundle.name, specialtyId: bundle.specialtyId, items: bundle.items.map((item) => ({ ...item })) }
    : { name: '', specialtyId: null, items: [{ quantity: 1 }] }
  return (
    <Drawer
      open
      width={phone ? '100%' : 560}
      title={bundle ? t('bundles.edit') : t('bundles.new')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="bundle-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item name="name" label={t('bundles.name')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input maxLength={MAX_BUNDLE_NAME} placeholder={t('bundles.namePlaceholder')} data-testid="bundle-name" />
        </Form.Item>
        <Form.Item name="specialtyId" label={t('bundles.specialty')}>
          <Select allowClear placeholder={t('bundles.anySpecialty')} options={(specialties.data?.data ?? []).map((specialty) => ({ value: specialty._id, label: specialty.name }))} />
        </Form.Item>
        <Form.Item label={t('bundles.services')} required style={{ marginBottom: 0 }}>
          <ServiceLines name="items" catalogue={catalogue} required testId="bundle-lines" />
        </Form.Item>
        <BundleTotal lines={linesOf(items)} catalogue={catalogue} testId="bundle-total" />
      </Form>
    </Drawer>
  )
}
