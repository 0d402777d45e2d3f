import { useMemo, useState, type KeyboardEvent } from 'react'
import { Alert, Button, Card, DatePicker, Segmented, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import dayjs, { type Dayjs } from 'dayjs'
import { chartAsOf } from '../../../../domain/clinical/chart-events'
import { conditionOf, type ConditionCode, type FindingStatus, type ToothCondition } from '../../../../domain/clinical/conditions'
import { dentitions, suggestDentition, type Dentition } from '../../../../domain/clinical/teeth'
import { useFind, useGet, refreshService } from '../../api/live'
import { sectionQuery } from './useTreatmentRecord'
import { useCan } from '../../api/permissions'
import { useSignedIn } from '../../api/session-store'
import { companyToday } from '../appointments/zoned-time'
import { client } from '../../api/client'
import { toast, toastError } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { Odontogram, type ToothSelection } from '../clinical/Odontogram'
import { ageOn } from '../customer/customer-age'
import { useTeamNames } from '../customer/useTeamNames'
import { ChartPalette } from './ChartPalette'
import { ToothHistory } from './ToothHistory'
import { chartEntry, endOfDayInstant, historyLines, paletteKey, type HistoryLine, type PaletteChoice } from './chart-entry'
import { plannedTeeth } from '../treatment-plan/plan-drafts'
import { AddToPlanModal } from '../treatment-plan/AddToPlanModal'
import { formatTooth } from '../../../../domain/clinical/teeth'

/**
 * The treatment tab's chart section: the patient's odontogram. Select teeth and surfaces, pick a status
 * and a code (mouse or keys), and the entry is charted as events; every viewer's chart updates
 * through the `tooth` events. "As of" shows the chart on an earlier day (read only); selecting one
 * tooth shows its history.
 */
export function ChartSection({ customerId, birthdate }: { customerId: string; birthdate?: string | null }) {
  const { t } = useTranslation()
  const canCreate = useCan('tooth', 'create')
  const format = useFormat()
  const company = useGet('my-company', 'mine')
  const numbering = company.data?.settings.toothNumbering ?? 'FDI'
  const events = useFind('tooth', sectionQuery('tooth', customerId))
  const names = useTeamNames()
  const [dentition, setDentition] = useState<Dentition>(() => suggestDentition(ageOn(birthdate)))
  const [selection, setSelection] = useState<ToothSelection[]>([])
  const [status, setStatus] = useState<FindingStatus>('existing')
  const [awaitingDegree, setAwaitingDegree] = useState(false)
  const [asOf, setAsOf] = useState<Dayjs | null>(null)
  // "Yesterday" is the clinic's, whatever zone this computer is set to.
  const timeZone = useSignedIn().company.timezone
  const today = dayjs(companyToday(timeZone))
  const [saving, setSaving] = useState(false)
  // Planned items of the patient's plans are overlaid (not charted): docs/decisions/clinical-treatment-plans.md.
  const seesPlans = useCan('treatment-plan', 'view')
  const canEditPlans = useCan('treatment-plan', 'edit')
  const canCreatePlans = useCan('treatment-plan', 'create')
  const canPlan = canEditPlans && canCreatePlans
  const plans = useFind('treatment-plan', sectionQuery('treatment-plan', customerId), seesPlans)
  const planned = useMemo(() => plannedTeeth(plans.data?.data ?? []), [plans.data])
  const plannedSet = useMemo(() => new Set(planned.keys()), [planned])
  const [planning, setPlanning] = useState(false)

  const list = useMemo(() => events.data?.data ?? [], [events.data])
  const instant = asOf ? endOfDayInstant(asOf.format('YYYY-MM-DD'), timeZone) : null
  const teeth = useMemo(() => chartAsOf(list, instant), [list, instant])
  const past = asOf !== null
  const editable = canCreate && !past
  const single = selection.length === 1 ? selection[0].tooth : null
  const translate = (key: string, options?: Record<string, unknown>) => t(key, options)
  const lines = single === null ? [] : historyLines(list.filter((event) => !instant || event.createdAt <= instant), single, translate)

  async function chart(choice: PaletteChoice) {
    setAwaitingDegree(false)
    const entry = chartEntry(customerId, selection, choice)
    if ('problem' in entry) {
      toast.error(t(`errors.${entry.problem}`))
      return
    }
    setSaving(true)
    try {
      await client.service('tooth').create(entry.data)
      await refreshService('tooth')
      // Only the charted selection is cleared: teeth picked while the save was on the way stay.
      setSelection((current) => (current === selection ? [] : current))
      toast.success(t('treatment.charted'))
    } catch (error) {
      toastError(error)
    } finally {
      setSaving(false)
    }
  }

  const onCode = (code: ConditionCode) => {
    if (conditionOf(code).hasDegree) setAwaitingDegree(true)
    else void chart({ code, status })
  }
  const onDegree = (degree: 1 | 2 | 3) => void chart({ code: 'TM', status, degree })
  const onCondition = (condition: ToothCondition) => void chart({ condition })

  async function end(line: HistoryLine) {
    try {
      await client.service('tooth').create({ customerId, action: 'remove', endsEventId: line.event._id })
      await refreshService('tooth')
    } catch (error) {
      toastError(error)
    }
  }

  // The palette's keys work wherever focus is in the tab, except in a field being typed into.
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!editable || saving) return
    const target = event.target as HTMLElement
    if (target.closest('input, textarea, .ant-select, .ant-picker')) return
    const action = paletteKey(event, awaitingDegree)
    if (!action) return
    event.preventDefault()
    if (action.kind === 'status') setStatus(action.status)
    else if (action.kind === 'code') onCode(action.code)
    else onDegree(action.degree)
  }

  if (events.isError) return <FetchError error={events.error} onRetry={() => void events.refetch()} />
  return (
    <div className="treatment-tab" onKeyDown={onKeyDown}>
      <Space wrap className="treatment-toolbar">
        <Segmented<Dentition>
          value={dentition}
          onChange={setDentition}
          options={dentitions.map((value) => ({ value, label: t(`clinical.dentition.${value}`) }))}
          aria-label={t('treatment.dentition')}
        />
        <Space size={4}>
          <span>{t('treatment.asOf')}</span>
          <DatePicker
            value={asOf}
            onChange={(value) => setAsOf(value && value.isBefore(today, 'day') ? value : null)}
            disabledDate={(day) => day.isAfter(today, 'day')}
            placeholder={t('treatment.today')}
            allowClear
            aria-label={t('treatment.asOf')}
          />
          {past && <Button size="small" onClick={() => setAsOf(null)}>{t('treatment.backToToday')}</Button>}
        </Space>
      </Space>
      {past && <Alert type="info" showIcon message={t('treatment.pastChart', { date: format.date(asOf.format('YYYY-MM-DD')) })} />}
      <div className="treatment-layout">
        <Card size="small" className="treatment-chart">
          <Odontogram
            dentition={dentition}
            numbering={numbering}
            teeth={teeth}
            selection={selection}
            onSelectionChange={setSelection}
            readOnly={!editable}
            plannedTeeth={plannedSet}
          />
        </Card>
        <aside className="treatment-side">
          {editable && (
            <Card size="small" title={t('treatment.chartSelection')}>
              <ChartPalette
                status={status}
                onStatus={setStatus}
                onCode={onCode}
                onCondition={onCondition}
                awaitingDegree={awaitingDegree}
                onDegree={onDegree}
                disabled={saving || selection.length === 0}
              />
              {selection.length === 0 && <p className="treatment-hint">{t('treatment.selectFirst')}</p>}
              {canPlan && selection.length > 0 && (
                <Button block className="treatment-add-to-plan" onClick={() => setPlanning(true)} data-testid="chart-add-to-plan">{t('treatmentPlan.addToPlan')}</Button>
              )}
            </Card>
          )}
          {planned.size > 0 && (
            <Card size="small" title={t('treatmentPlan.plannedTeeth')} data-testid="chart-planned">
              <ul className="treatment-planned-list">
                {[...planned].sort(([a], [b]) => a - b).map(([tooth, services]) => (
                  <li key={tooth}><strong>{formatTooth(tooth, numbering)}</strong> {services.join(', ')}</li>
                ))}
              </ul>
            </Card>
          )}
          {single !== null && (
            <Card size="small">
              <ToothHistory tooth={single} numbering={numbering} lines={lines} names={names} onEnd={editable ? end : undefined} />
            </Card>
          )}
        </aside>
      </div>
      {planning && <AddToPlanModal customerId={customerId} teeth={selection.map((entry) => ({ tooth: entry.tooth, surfaces: [...entry.surfaces] }))} numbering={numbering} onClose={() => { setPlanning(false); setSelection([]) }} />}
    </div>
  )
}
