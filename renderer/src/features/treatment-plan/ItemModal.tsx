import { useState } from 'react'
import { AutoComplete, Form, Input, InputNumber, Modal, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { urgencies, type Urgency } from '../../../../domain/clinical/treatment-plans'
import type { ToothNumbering } from '../../../../domain/clinical/teeth'
import { useServiceCatalogue } from '../appointments/useResources'
import { parseTeethText, teethText, type LineTeeth } from '../treatment-done/treatment-lines'
import type { ItemInput } from './plan-drafts'

interface Values {
  serviceId?: string
  teeth: string
  quantity: number
  /** Major units on screen. */
  price?: number
  discount: number
  urgency: Urgency
  alternativeGroup?: string
  alternative?: string
}

interface Props {
  item: ItemInput | null
  /** Teeth chosen on the chart (the doctor's gesture: select, then "Add to plan"). */
  teeth?: LineTeeth[]
  numbering: ToothNumbering
  currency: string
  /** Alternative groups already in the plan, offered as choices. */
  groups: string[]
  onSave: (item: ItemInput) => void | Promise<void>
  onClose: () => void
}

/** One plan item: service from the catalogue, teeth typed as "36MO 46", quantity, price, discount, urgency, alternative. */
export function ItemModal({ item, teeth, numbering, currency, groups, onSave, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const catalogue = useServiceCatalogue()
  const [busy, setBusy] = useState(false)
  const translate = (key: string) => t(key)
  const initialTeeth = item?.teeth ?? teeth ?? []
  const initial: Values = {
    serviceId: item?.serviceId,
    teeth: teethText(initialTeeth.map((entry) => ({ tooth: entry.tooth, surfaces: (entry.surfaces ?? []) as LineTeeth['surfaces'] })), numbering, translate),
    quantity: item?.quantity ?? 1,
    price: item?.price !== undefined ? item.price / 100 : undefined,
    discount: item?.discount ?? 0,
    urgency: item?.urgency ?? 'planned',
    alternativeGroup: item?.alternativeGroup ?? undefined,
    alternative: item?.alternative ?? undefined
  }

  async function save(values: Values) {
    const parsed = parseTeethText(values.teeth ?? '', numbering, translate)
    if ('invalid' in parsed) {
      form.setFields([{ name: 'teeth', errors: [t('treatmentPlan.teethInvalid')] }])
      return
    }
    const listPrice = catalogue.find((entry) => entry._id === values.serviceId)?.price
    const price = values.price === undefined || values.price === null ? undefined : Math.round(values.price * 100)
    const group = values.alternativeGroup?.trim() || null
    setBusy(true)
    try {
      await onSave({
        ...(item?._id ? { _id: item._id } : {}),
        serviceId: values.serviceId!,
        teeth: parsed.teeth,
        quantity: values.quantity,
        ...(price !== undefined && (price !== listPrice || item?.price !== undefined) ? { price } : {}),
        discount: values.discount ?? 0,
        urgency: values.urgency,
        alternativeGroup: group,
        alternative: group ? values.alternative?.trim() || null : null
      })
      onClose()
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal open title={t(item ? 'treatmentPlan.editItem' : 'treatmentPlan.addItem')} onCancel={onClose} onOk={() => form.submit()} okText={t('common.save')} cancelText={t('common.cancel')} confirmLoading={busy} destroyOnHidden>
      <Form form={form} layout="vertical" initialValues={initial} onFinish={(values) => void save(values)}>
        <Form.Item name="serviceId" label={t('treatmentPlan.service')} rules={[{ required: true, message: t('treatmentPlan.serviceRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            autoFocus
            data-testid="plan-item-service"
            options={catalogue.map((entry) => ({ value: entry._id, label: entry.code ? `${entry.name} (${entry.code})` : entry.name }))}
            onChange={(serviceId: string) => form.setFieldValue('price', (catalogue.find((entry) => entry._id === serviceId)?.price ?? 0) / 100)}
          />
        </Form.Item>
        <Form.Item name="teeth" label={t('treatmentPlan.teeth')} extra={t('treatmentPlan.teethHelp')}>
          <Input placeholder="36MO 46" data-testid="plan-item-teeth" />
        </Form.Item>
        <Space wrap>
          <Form.Item name="quantity" label={t('treatmentPlan.quantity')}>
            <InputNumber min={1} max={100} precision={0} />
          </Form.Item>
          <Form.Item name="price" label={t('treatmentPlan.price')}>
            <InputNumber min={0} precision={2} suffix={currency} style={{ width: 170 }} />
          </Form.Item>
          <Form.Item name="discount" label={t('treatmentPlan.discount')}>
            <InputNumber min={0} max={100} precision={0} suffix="%" style={{ width: 100 }} />
          </Form.Item>
        </Space>
        <Form.Item name="urgency" label={t('treatmentPlan.urgency')}>
          <Select options={urgencies.map((value) => ({ value, label: t(`treatmentPlan.urgencies.${value}`) }))} />
        </Form.Item>
        <Space wrap align="start">
          <Form.Item name="alternativeGroup" label={t('treatmentPlan.alternativeGroup')} extra={t('treatmentPlan.alternativeHelp')}>
            <AutoComplete options={groups.map((value) => ({ value }))} style={{ width: 180 }} allowClear data-testid="plan-item-group" />
          </Form.Item>
          <Form.Item name="alternative" label={t('treatmentPlan.alternative')}>
            <Input style={{ width: 180 }} maxLength={40} data-testid="plan-item-option" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  )
}
