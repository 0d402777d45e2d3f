import { Segmented, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'
import { customerFilters, type CustomerFilter } from './customer-query'

/** The list's filters: a row of choices on wide screens, a drop-down where space is short. */
export function CustomerFilterPicker({ value, onChange, compact }: { value: CustomerFilter; onChange: (filter: CustomerFilter) => void; compact: boolean }) {
  const { t } = useTranslation()
  // "Accepted but not scheduled" reads treatment plans: offered to those who may see them.
  const seesPlans = useCan('treatment-plan', 'view')
  const options = customerFilters.filter((filter) => filter !== 'unscheduled' || seesPlans).map((filter) => ({ value: filter, label: t(`customers.filter.${filter}`) }))
  if (compact) {
    return <Select value={value} onChange={onChange} options={options} aria-label={t('customers.filterLabel')} className="customer-filter-select" data-testid="customer-filter" />
  }
  return <Segmented value={value} onChange={(next) => onChange(next as CustomerFilter)} options={options} aria-label={t('customers.filterLabel')} data-testid="customer-filter" />
}
