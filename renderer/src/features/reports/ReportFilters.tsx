import { useMemo } from 'react'
import { DatePicker, Select } from 'antd'
import dayjs from 'dayjs'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { periodPresets, periodRange, type DayRange, type PeriodPreset } from '../../../../domain/reports/periods'
import type { PermissionResource } from '../../../../domain/access/resources'
import { NO_SOURCE } from '../../../../domain/reports/customer-reports'

const DAY = 'YYYY-MM-DD'

/** A report's filters live in the address (a link or a reload shows the same report). */
export function useReportParams() {
  const [params, setParams] = useSearchParams()
  const set = (changes: Record<string, string | undefined>) => {
    const next = new URLSearchParams(params)
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value)
      else next.delete(key)
    }
    setParams(next, { replace: true })
  }
  return { params, set, branchId: params.get('branch') ?? undefined, doctorId: params.get('doctor') ?? undefined }
}

/** The period chosen in the address (`period`, and `from`/`to` for a custom one); this month by default. */
export function usePeriod(params: URLSearchParams, today: string): { preset: PeriodPreset; range: DayRange | null } {
  const preset = (periodPresets as readonly string[]).includes(params.get('period') ?? '') ? (params.get('period') as PeriodPreset) : 'thisMonth'
  return { preset, range: periodRange(preset, today, { first: params.get('from'), last: params.get('to') }) }
}

/** The branches one sees (names by id) and, for those who see everyone's figures, the doctors. */
export function useReportScope(resource: PermissionResource) {
  const seesAll = useCan(resource, 'seeAll')
  const branches = useFind('branches', { $limit: 200, $sort: { name: 1 } })
  const team = useFind('my-team', { $limit: 500 }, seesAll)
  const branchList = branches.data?.data ?? []
  const branchName = useMemo(() => new Map((branches.data?.data ?? []).map((branch) => [branch._id, branch.name])), [branches.data])
  const doctors = useMemo(() => (team.data?.data ?? []).filter((member) => member.acceptsAppointments), [team.data])
  return { seesAll, branchList, branchName, doctors }
}

export function PeriodFilter({ preset, params, set }: { preset: PeriodPreset; params: URLSearchParams; set: (changes: Record<string, string | undefined>) => void }) {
  const { t } = useTranslation()
  return (
    <>
      <Select
        value={preset}
        onChange={(value: PeriodPreset) => set({ period: value, ...(value === 'custom' ? {} : { from: undefined, to: undefined }) })}
        aria-label={t('reports.filters.period')}
        data-testid="reports-period"
        options={periodPresets.map((value) => ({ value, label: t(`reports.presets.${value}`) }))}
      />
      {preset === 'custom' && (
        <DatePicker.RangePicker
          value={params.get('from') && params.get('to') ? [dayjs(params.get('from')), dayjs(params.get('to'))] : null}
          onChange={(next) => set({ from: next?.[0]?.format(DAY), to: next?.[1]?.format(DAY) })}
          format="DD.MM.YYYY"
          aria-label={t('reports.filters.dates')}
          data-testid="reports-dates"
        />
      )}
    </>
  )
}

export function ScopeFilters({ scope, branchId, doctorId, set }: { scope: ReturnType<typeof useReportScope>; branchId?: string; doctorId?: string; set: (changes: Record<string, string | undefined>) => void }) {
  const { t } = useTranslation()
  return (
    <>
      {scope.branchList.length > 1 && (
        <Select
          allowClear
          value={branchId}
          onChange={(value?: string) => set({ branch: value })}
          placeholder={t('reports.filters.allBranches')}
          aria-label={t('reports.filters.branch')}
          data-testid="reports-branch"
          options={scope.branchList.map((branch) => ({ value: branch._id, label: branch.name }))}
        />
      )}
      {scope.seesAll && scope.doctors.length > 0 && (
        <Select
          allowClear
          showSearch
          optionFilterProp="label"
          value={doctorId}
          onChange={(value?: string) => set({ doctor: value })}
          placeholder={t('reports.filters.allDoctors')}
          aria-label={t('reports.filters.doctor')}
          data-testid="reports-doctor"
          options={scope.doctors.map((member) => ({ value: member._id, label: `${member.first_name} ${member.last_name}`.trim() }))}
        />
      )}
    </>
  )
}

/** The patients' source: one of the company's, or "no source" (`none`), for the reports that split by it. */
export function SourceFilter({ sourceId, sources, set }: { sourceId?: string; sources: ReadonlyArray<{ _id: string; name: string }>; set: (changes: Record<string, string | undefined>) => void }) {
  const { t } = useTranslation()
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      value={sourceId}
      onChange={(value?: string) => set({ source: value })}
      placeholder={t('reports.appointments.filters.allSources')}
      aria-label={t('reports.appointments.filters.source')}
      data-testid="reports-source"
      options={[...sources.map((source) => ({ value: source._id, label: source.name })), { value: NO_SOURCE, label: t('reports.appointments.filters.noSource') }]}
    />
  )
}
