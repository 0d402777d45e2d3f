import { useState } from 'react'
import { Button, Checkbox, Form, Input, InputNumber, Space, Switch } from 'antd'
import { useTranslation } from 'react-i18next'
import { showServerError } from '../../components/form-errors'
import { MAX_HEALTH_NOTES } from '../../../../domain/clinical/health-card'
import type { HealthCardFields, HealthCardRecord } from './health-card-types'
import { AllergyRows, DiseaseRows, MedicineRows } from './HealthCardRows'

export type HealthCardValues = Required<HealthCardFields> & { reviewed: boolean }

const blank: Required<HealthCardFields> = { allergies: [], diseases: [], medicines: [], pregnant: false, pregnancyWeek: null, anaesthesiaReactions: '', notes: '' }

/** Editing the card: lists of rows, pregnancy and texts, and "reviewed with the patient now". */
export function HealthCardForm({ card, onSave, onCancel }: { card?: HealthCardRecord; onSave: (values: HealthCardValues) => Promise<void>; onCancel: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<HealthCardValues>()
  const [busy, setBusy] = useState(false)
  const pregnant = Form.useWatch('pregnant', form)
  const initial = { ...blank, ...(card ? pick(card) : {}), reviewed: false }

  async function submit(values: HealthCardValues) {
    setBusy(true)
    try {
      await onSave(complete(values))
    } catch (error) {
      showServerError(form, error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form form={form} layout="vertical" initialValues={initial} onFinish={submit} disabled={busy} className="health-card-form" data-testid="health-card-form">
      <AllergyRows />
      <DiseaseRows />
      <MedicineRows form={form} />
      <Space align="end" wrap>
        <Form.Item name="pregnant" label={t('healthCard.pregnancy')} valuePropName="checked">
          <Switch data-testid="health-card-pregnant" />
        </Form.Item>
        <Form.Item name="pregnancyWeek" label={t('healthCard.pregnancyWeek')}>
          <InputNumber min={1} max={42} precision={0} disabled={!pregnant} />
        </Form.Item>
      </Space>
      <Form.Item name="anaesthesiaReactions" label={t('healthCard.anaesthesiaReactions')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 5 }} maxLength={MAX_HEALTH_NOTES} placeholder={t('healthCard.anaesthesiaPlaceholder')} />
      </Form.Item>
      <Form.Item name="notes" label={t('healthCard.notes')}>
        <Input.TextArea autoSize={{ minRows: 1, maxRows: 8 }} maxLength={MAX_HEALTH_NOTES} />
      </Form.Item>
      <Form.Item name="reviewed" valuePropName="checked">
        <Checkbox data-testid="health-card-reviewed">{t('healthCard.reviewedNow')}</Checkbox>
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="health-card-save">
          {t('common.save')}
        </Button>
        <Button onClick={onCancel}>{t('common.cancel')}</Button>
      </Space>
    </Form>
  )
}

function pick(card: HealthCardRecord): Required<HealthCardFields> {
  const { allergies, diseases, medicines, pregnant, pregnancyWeek, anaesthesiaReactions, notes } = card
  return { allergies, diseases, medicines, pregnant, pregnancyWeek, anaesthesiaReactions, notes }
}

/**
 * The form's values as the server takes them: a row's hidden name (a listed choice) is sent
 * empty, fields never touched get their blanks, the week only with a pregnancy.
 */
function complete(values: HealthCardValues): HealthCardValues {
  return {
    ...blank,
    ...values,
    allergies: (values.allergies ?? []).map((row) => ({ substance: row.substance, name: row.substance === 'other' ? (row.name ?? '') : '', reaction: row.reaction ?? '', severity: row.severity })),
    diseases: (values.diseases ?? []).map((row) => ({ disease: row.disease, name: row.disease === 'other' ? (row.name ?? '') : '', note: row.note ?? '' })),
    medicines: (values.medicines ?? []).map((row) => ({ name: row.name ?? '', kind: row.kind ?? null })),
    pregnancyWeek: values.pregnant ? (values.pregnancyWeek ?? null) : null,
    anaesthesiaReactions: values.anaesthesiaReactions ?? '',
    notes: values.notes ?? '',
    reviewed: values.reviewed ?? false
  }
}
