import { useMemo, useState } from 'react'
import { Form, Modal, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { editable, urgencies, type Urgency } from '../../../../domain/clinical/treatment-plans'
import type { ToothNumbering } from '../../../../domain/clinical/teeth'
import { client } from '../../api/client'
import { refreshService, useFind } from '../../api/live'
import { toast, toastError } from '../../app/toasts'
import { useServiceCatalogue } from '../appointments/useResources'
import { teethText, type LineTeeth } from '../treatment-done/treatment-lines'
import { phasesInput } from './plan-drafts'

const NEW = 'new'

interface Values {
  planId: string
  phase: string
  serviceId?: string
  urgency: Urgency
}

/**
 * "Add to plan" from the chart: the teeth selected on the odontogram become an item of a plan
 * that may still be edited (or of a new draft), in a phase of it (or a new one at the end).
 */
export function AddToPlanModal({ customerId, teeth, numbering, onClose }: { customerId: string; teeth: LineTeeth[]; numbering: ToothNumbering; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const catalogue = useServiceCatalogue()
  const found = useFind('treatment-plan', { customerId, $sort: { createdAt: -1 }, $limit: 200 })
  const plans = useMemo(() => (found.data?.data ?? []).filter((plan) => editable(plan.status)), [found.data])
  const planId = Form.useWatch('planId', form) ?? plans[0]?._id ?? NEW
  const plan = plans.find((entry) => entry._id === planId)
  const [busy, setBusy] = useState(false)
  const translate = (key: string) => t(key)

  async function save(values: Values) {
    const item = { serviceId: values.serviceId!, teeth: teeth.map((entry) => ({ tooth: entry.tooth, surfaces: [...entry.surfaces] })), urgency: values.urgency }
    setBusy(true)
    try {
      if (!plan) {
        await client.service('treatment-plan').create({ customerId, phases: [{ title: '', items: [item] }] })
      } else {
        const phases = phasesInput(plan.phases)
        const index = values.phase === NEW ? -1 : phases.findIndex((phase) => phase._id === values.phase)
        const next = index < 0 ? [...phases, { title: '', items: [item] }] : phases.map((phase, at) => (at === index ? { ...phase, items: [...phase.items, item] } : phase))
        await client.service('treatment-plan').patch(plan._id, { phases: next })
      }
      await refreshService('treatment-plan')
      toast.success(t('treatmentPlan.added'))
      onClose()
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  const lastPhase = plan?.phases[plan.phases.length - 1]?._id ?? NEW
  return (
    <Modal open title={t('treatmentPlan.addToPlanTitle')} onCancel={onClose} onOk={() => form.submit()} okText={t('treatmentPlan.addToPlan')} cancelText={t('common.cancel')} confirmLoading={busy} destroyOnHidden okButtonProps={{ 'data-testid': 'add-to-plan-confirm' } as never}>
      <Typography.Paragraph>
        {t('treatmentPlan.teeth')}: <strong>{teethText(teeth, numbering, translate) || t('treatmentPlan.wholeMouth')}</strong>
      </Typography.Paragraph>
      <Form form={form} layout="vertical" initialValues={{ urgency: 'planned' }} onFinish={(values) => void save({ ...values, planId: values.planId ?? planId, phase: values.phase ?? lastPhase })}>
        <Form.Item name="planId" label={t('treatmentPlan.targetPlan')}>
          <Select
            placeholder={plans[0] ? undefined : t('treatmentPlan.newPlan')}
            value={planId}
            onChange={() => form.setFieldValue('phase', undefined)}
            options={[...plans.map((entry) => ({ value: entry._id, label: entry.title || t('treatmentPlan.untitled') })), { value: NEW, label: t('treatmentPlan.newPlan') }]}
            data-testid="add-to-plan-plan"
          />
        </Form.Item>
        {plan && (
          <Form.Item name="phase" label={t('treatmentPlan.targetPhase')}>
            <Select
              placeholder={plan.phases.length ? t('treatmentPlan.phase', { number: plan.phases.length }) : t('treatmentPlan.newPhase')}
              options={[
                ...plan.phases.map((phase, index) => ({ value: phase._id, label: `${t('treatmentPlan.phase', { number: index + 1 })}${phase.title ? ` · ${phase.title}` : ''}` })),
                { value: NEW, label: t('treatmentPlan.newPhase') }
              ]}
              data-testid="add-to-plan-phase"
            />
          </Form.Item>
        )}
        <Form.Item name="serviceId" label={t('treatmentPlan.service')} rules={[{ required: true, message: t('treatmentPlan.serviceRequired') }]}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={catalogue.map((entry) => ({ value: entry._id, label: entry.code ? `${entry.name} (${entry.code})` : entry.name }))}
            data-testid="add-to-plan-service"
          />
        </Form.Item>
        <Form.Item name="urgency" label={t('treatmentPlan.urgency')}>
          <Select options={urgencies.map((value) => ({ value, label: t(`treatmentPlan.urgencies.${value}`) }))} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
