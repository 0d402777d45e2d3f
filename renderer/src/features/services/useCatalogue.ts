import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { createRecord, patchRecord, useFind } from '../../api/live'
import { colorValue } from '../../components/color-value'
import { categoryPath, servicePath, type ServiceRecord } from './catalogue-types'
import { serviceFromForm, type ServiceFormValues } from './service-form'

/** The company's service categories in their order (a few dozen at most). */
export function useCategories() {
  const list = useFind(categoryPath, { $limit: 500, $sort: { rank: 1, name: 1 } })
  return { ...list, categories: list.data?.data ?? [] }
}

/** Saves the form: a new service goes last in its category; an edit keeps its rank. */
export async function saveService(values: ServiceFormValues, existing: ServiceRecord | null, rank: number): Promise<ServiceRecord> {
  const data = serviceFromForm(values, colorValue(values.color))
  return existing ? patchRecord(servicePath, [existing._id, data]) : createRecord(servicePath, [{ ...data, rank }])
}

/** "45 min", "1 h", "1 h 30 min" in the interface language. */
export function useDurationText() {
  const { t } = useTranslation()
  return useMemo(
    () => (minutes: number) => {
      const hours = Math.floor(minutes / 60)
      const rest = minutes % 60
      if (!hours) return `${rest} ${t('common.minutesShort')}`
      return rest ? `${hours} ${t('services.hoursShort')} ${rest} ${t('common.minutesShort')}` : `${hours} ${t('services.hoursShort')}`
    },
    [t]
  )
}
