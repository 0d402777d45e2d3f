import { useMemo, useState } from 'react'
import { DatePicker, Form, Input, InputNumber, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { allTeeth, formatTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { MAX_XRAY_DOSE, MAX_XRAY_FINDINGS, MAX_XRAY_QUANTITY, doseToMicroSv, xrayTypes, type XrayType } from '../../../../domain/clinical/xrays'
import { refreshService, useFind, useGet } from '../../api/live'
import { client } from '../../api/client'
import { useCan } from '../../api/permissions'
import { useSession } from '../../api/session-store'
import { toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { datePickerFormat } from '../customers/customer-form'
import type { Xray } from '../../../../server/src/services/clinical/xrays/xrays.shared'
import { needsTeeth, newXrayValues, withType, xrayChanges, xrayData, xrayValues, type XrayFormValues } from './xray-form'

const todayLocal = () => {
  const now = new Date()
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`
}

/**
 * Adds or edits an X-ray. Choosing the type fills in the company's dose for it (editable); an
 * intraoral X-ray asks for its teeth, picked in the company's numbering. A server error with a
 * field marks that field.
 */
export function XrayFormModal({ customerId, xray, numbering, onClose }: { customerId: string; xray: Xray | null; numbering: ToothNumbering; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const me = useSession()?.user._id ?? null
  const company = useGet('my-company', 'mine')
  const doses = company.data?.settings.xrayDoses
  const [values, setValues] = useState<XrayFormValues>(() => (xray ? xrayValues(xray) : newXrayValues('orthopantomogram', todayLocal(), doses, me)))
  const [problem, setProblem] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const canTeam = useCan('my-team', 'view')
  const team = useFind('my-team', { $limit: 500 }, canTeam).data?.data
  const visits = useFind('appointment', { customerId, $sort: { start: -1 }, $limit: 100 }, useCan('appointment', 'view')).data?.data
  const toothOptions = useMemo(() => allTeeth.map((tooth) => ({ value: tooth, label: formatTooth(tooth, numbering) })), [numbering])
  const set = <K extends keyof XrayFormValues>(key: K, value: XrayFormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }))
    if (problem === key || (key === 'doseMicroSv' && problem === 'dose')) setProblem(null)
  }
  const status = (path: string) => (problem === path || problem?.startsWith(`${path}.`) ? ('error' as const) : undefined)
  const teethMissing = problem === 'teeth'

  async function save() {
    if (needsTeeth(values)) {
      setProblem('teeth')
      return
    }
    setBusy(true)
    try {
      if (xray) await client.service('xrays').patch(xray._id, xrayChanges(xray, values))
      else await client.service('xrays').create(xrayData(customerId, values))
      await refreshService('xrays')
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      setProblem((error as { data?: { path?: string } }).data?.path ?? null)
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={t(xray ? 'xrays.edit' : 'xrays.add')}
      onCancel={onClose}
      onOk={() => void save()}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={busy}
      destroyOnHidden
    >
      <Form layout="vertical" component="div" className="xray-form">
        <div className="xray-form-row">
          <Form.Item label={t('xrays.type')} required>
            <Select
              aria-label={t('xrays.type')}
              data-testid="xray-type"
              value={values.type}
              options={xrayTypes.map((type) => ({ value: type, label: t(`xrays.types.${type}`) }))}
              onChange={(type: XrayType) => { setValues((current) => withType(current, type, doses)); setProblem(null) }}
            />
          </Form.Item>
          <Form.Item label={t('xrays.date')} required validateStatus={status('date')}>
            <DatePicker
              aria-label={t('xrays.date')}
              allowClear={false}
              value={dayjs(values.date)}
              format={datePickerFormat(i18n.language)}
              disabledDate={(day) => day.isAfter(dayjs(), 'day')}
              onChange={(day) => day && set('date', day.format('YYYY-MM-DD'))}
              style={{ width: '100%' }}
            />
          </Form.Item>
        </div>
        <Form.Item
          label={t('xrays.teeth')}
          required={needsTeeth({ type: values.type, teeth: [] })}
          validateStatus={teethMissing || status('teeth') ? 'error' : undefined}
          help={teethMissing ? t('errors.teeth-not-selected') : undefined}
        >
          <Select
            aria-label={t('xrays.teeth')}
            data-testid="xray-teeth"
            mode="multiple"
            showSearch
            optionFilterProp="label"
            placeholder={t('xrays.teethPlaceholder')}
            value={values.teeth}
            onChange={(teeth: number[]) => set('teeth', teeth)}
            options={toothOptions}
          />
        </Form.Item>
        <div className="xray-form-row">
          <Form.Item label={t('xrays.dose')} required validateStatus={status('dose')} extra={t('xrays.doseHint')}>
            <InputNumber
              aria-label={t('xrays.dose')}
              data-testid="xray-dose"
              min={0}
              max={doseToMicroSv(MAX_XRAY_DOSE)}
              step={0.1}
              precision={1}
              decimalSeparator={format.number(1.5).includes(',') ? ',' : '.'}
              value={values.doseMicroSv}
              suffix={t('xrays.unit')}
              onChange={(value) => set('doseMicroSv', value ?? 0)}
              style={{ width: '100%' }}
            />
          </Form.Item>
          <Form.Item label={t('xrays.quantity')} required validateStatus={status('quantity')}>
            <InputNumber aria-label={t('xrays.quantity')} min={1} max={MAX_XRAY_QUANTITY} precision={0} value={values.quantity} onChange={(value) => set('quantity', value ?? 1)} style={{ width: '100%' }} />
          </Form.Item>
        </div>
        <div className="xray-form-row">
          <Form.Item label={t('xrays.doctor')} validateStatus={status('doctorId')}>
            <Select
              aria-label={t('xrays.doctor')}
              showSearch
              optionFilterProp="label"
              value={values.doctorId ?? undefined}
              onChange={(doctorId: string) => set('doctorId', doctorId)}
              options={(team ?? []).map((member) => ({ value: member._id, label: `${member.first_name} ${member.last_name}`.trim() }))}
            />
          </Form.Item>
          <Form.Item label={t('xrays.visit')} validateStatus={status('appointmentId')}>
            <Select
              aria-label={t('xrays.visit')}
              allowClear
              placeholder={t('xrays.noVisit')}
              value={values.appointmentId ?? undefined}
              onChange={(appointmentId?: string) => set('appointmentId', appointmentId ?? null)}
              options={(visits ?? []).map((visit) => ({ value: visit._id, label: format.dateTime(visit.start) }))}
            />
          </Form.Item>
        </div>
        <Form.Item label={t('xrays.findings')}>
          <Input.TextArea aria-label={t('xrays.findings')} autoSize={{ minRows: 2, maxRows: 8 }} maxLength={MAX_XRAY_FINDINGS} value={values.findings} onChange={(event) => set('findings', event.target.value)} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
