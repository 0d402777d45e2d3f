import { Select } from 'antd'
import { ApartmentOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { setCurrentBranch, useCurrentBranch } from '../../api/branch'
import { useFind } from '../../api/live'
import { useSignedIn } from '../../api/session-store'

/** The branch new records belong to. Lists the branches the person works in. */
export function BranchSwitcher() {
  const { t } = useTranslation()
  const session = useSignedIn()
  const current = useCurrentBranch()
  const branches = useFind('branches', { archived: false, $limit: 100, $sort: { name: 1 } })
  const allowed = session.branchIds ?? []
  const options = (branches.data?.data ?? [])
    .filter((branch) => session.user.isOwner || allowed.includes(branch._id))
    .map((branch) => ({ value: branch._id, label: branch.name }))
  // Until names arrive (or if the person may not list branches) keep the id selectable.
  if (current && !options.some((option) => option.value === current)) options.unshift({ value: current, label: t('branch.current') })
  if (options.length === 0) return null
  return (
    <Select
      aria-label={t('branch.label')}
      data-testid="branch-switcher"
      value={current ?? undefined}
      placeholder={t('branch.all')}
      allowClear={options.length > 1}
      onChange={(value?: string) => setCurrentBranch(value ?? null)}
      options={options}
      suffixIcon={<ApartmentOutlined />}
      variant="borderless"
      popupMatchSelectWidth={false}
      style={{ minWidth: 140, maxWidth: 220 }}
    />
  )
}
