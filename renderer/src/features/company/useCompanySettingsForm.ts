import { useEffect, useState } from 'react'
import { Form } from 'antd'
import { useTranslation } from 'react-i18next'
import { useGet, usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'

type Settings = Record<string, unknown>

/**
 * A card of company settings on the company profile: its form filled from the company's settings
 * (`fromSettings`), saved as a patch of the settings it owns (`toSettings`). The payment and
 * clinical screens read settings through my-company, so a save refreshes it too.
 */
export function useCompanySettingsForm<Values extends object>(fromSettings: (settings: Settings) => Values, toSettings: (values: Values) => Settings) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const company = useGet('company', 'mine')
  const patchCompany = usePatch('company', { also: ['my-company'] })
  const canEdit = useCan('company', 'edit')
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    const settings = company.data?.settings
    if (settings) form.setFieldsValue(fromSettings(settings as Settings) as Parameters<typeof form.setFieldsValue>[0])
    // fromSettings is a module-level mapping of each card: the company's data decides.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [company.data, form])

  async function save(values: Values) {
    setBusy(true)
    try {
      await patchCompany('mine', { settings: toSettings(values) })
      toast.success(t('common.saved'))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return { form, company: company.data, canEdit, busy, save }
}
