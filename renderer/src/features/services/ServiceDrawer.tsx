import { useState } from 'react'
import { Button, Drawer, Form, Grid, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'
import { useCalendarSettings } from '../schedule/useCalendarSettings'
import type { ServiceRecord } from './catalogue-types'
import { serviceFormFields, serviceToForm, type ServiceFormValues } from './service-form'
import { ServiceFields } from './ServiceFields'
import { saveService, useCategories } from './useCatalogue'

interface Props {
  /** The service being edited, or null for a new one. */
  record: ServiceRecord | null
  /** Category a new service starts in (the one selected in the list). */
  categoryId: string | null
  /** Rank a new service gets: after the last one. */
  nextRank: number
  onClose: () => void
}

/** Add or edit a service without leaving the catalogue. */
export function ServiceDrawer({ record, categoryId, nextRank, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<ServiceFormValues>()
  const [busy, setBusy] = useState(false)
  const phone = !Grid.useBreakpoint().md
  const { categories } = useCategories()
  const calendar = useCalendarSettings()

  async function save(values: ServiceFormValues) {
    setBusy(true)
    try {
      await saveService(values, record, nextRank)
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showServerError(form, error, serviceFormFields)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Drawer
      open
      size={phone ? '100%' : 640}
      title={record ? record.name : t('services.add')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="save-service">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="service-drawer"
        layout="vertical"
        requiredMark={false}
        initialValues={serviceToForm(record, { categoryId, duration: Math.max(calendar.durationStep, 30) })}
        onFinish={save}
        disabled={busy}
        data-testid="service-form"
      >
        <ServiceFields categories={categories} durationStep={calendar.durationStep} />
      </Form>
    </Drawer>
  )
}
