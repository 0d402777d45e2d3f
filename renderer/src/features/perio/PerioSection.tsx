import { useCallback, useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { Alert, Button, Card, Empty, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { chartAsOf } from '../../../../domain/clinical/chart-events'
import {
  clonePerioChart, deepSiteCount, perioIndices, perioPrefill, perioThresholds, type PerioChart, type PerioThresholds, type PerioToothEntry
} from '../../../../domain/clinical/perio'
import { applyEntryChange, entryKey, entryPath, type EntryCursor, type EntryMode, type SiteRef } from '../../../../domain/clinical/perio-entry'
import { formatTooth, permanentTeeth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { useCreate, useFind, useGet, usePatch, useRemove } from '../../api/live'
import { sectionQuery } from '../treatment/useTreatmentRecord'
import { useCan } from '../../api/permissions'
import { toastError } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { useFormat } from '../../i18n/format'
import { useTeamNames } from '../customer/useTeamNames'
import type { PerioChartRecord } from '../../../../server/src/services/clinical/perio/perio.shared'
import { PerioGrid } from './PerioGrid'
import { PerioCompare } from './PerioCompare'
import { perioKeyOf, toothEntry, type GridRow } from './perio-grid'
import './perio.css'

/** A draft is saved this long after the last key, so a run of digits is one write. */
const SAVE_DELAY_MS = 700

/**
 * The treatment tab's perio section: the patient's perio exams by day, the open one as the grid
 * (entered from the keyboard while a draft), its indices, closing, and the comparison of two exams.
 */
export function PerioSection({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const canCreate = useCan('exam', 'create')
  const canEdit = useCan('exam', 'edit')
  const canDelete = useCan('exam', 'delete')
  const canSeeChart = useCan('tooth', 'view')
  const company = useGet('my-company', 'mine')
  const numbering: ToothNumbering = company.data?.settings.toothNumbering ?? 'FDI'
  const thresholds = useMemo(() => perioThresholds(company.data?.settings.perioThresholds), [company.data])
  const charts = useFind('perio', sectionQuery('perio', customerId))
  const toothEvents = useFind('tooth', sectionQuery('tooth', customerId), canSeeChart)
  const names = useTeamNames()
  const create = useCreate('perio')
  const patch = usePatch('perio')
  const remove = useRemove('perio', { also: ['trash'] })

  const list = useMemo(() => charts.data?.data ?? [], [charts.data])
  const [selectedId, setSelectedId] = useState<string | null>(null)
  const selected = list.find((chart) => chart._id === selectedId) ?? list[0]
  const [view, setView] = useState<'chart' | 'compare'>('chart')
  const [busy, setBusy] = useState(false)

  // The draft being entered: a local copy saved shortly after each key.
  const [working, setWorking] = useState<{ id: string; chart: PerioChart } | null>(null)
  const workingRef = useRef<{ id: string; chart: PerioChart } | null>(null)
  const dirty = useRef(false)
  const timer = useRef<number | undefined>(undefined)
  const [cursor, setCursor] = useState<EntryCursor>({ site: null, tens: false })
  const [mode, setMode] = useState<EntryMode>('depth')
  const editable = selected?.status === 'draft' && canEdit

  const flush = useCallback(async () => {
    window.clearTimeout(timer.current)
    const pending = workingRef.current
    if (!dirty.current || !pending) return
    dirty.current = false
    try {
      await patch(pending.id, { teeth: pending.chart.teeth })
    } catch (error) {
      dirty.current = true
      toastError(error)
    }
  }, [patch])

  // Follow the selected chart (and others' saves of it) unless keys typed here wait to be saved.
  useEffect(() => {
    if (!selected) return
    if (workingRef.current?.id !== selected._id) {
      void flush()
      setCursor({ site: null, tens: false })
    } else if (dirty.current) return
    workingRef.current = { id: selected._id, chart: { teeth: selected.teeth } }
    setWorking(workingRef.current)
  }, [selected, flush])
  // eslint-disable-next-line react-hooks/exhaustive-deps -- save what is typed when the section closes
  useEffect(() => () => void flush(), [])

  const change = (next: PerioChart) => {
    if (!selected) return
    workingRef.current = { id: selected._id, chart: next }
    setWorking(workingRef.current)
    dirty.current = true
    window.clearTimeout(timer.current)
    timer.current = window.setTimeout(() => void flush(), SAVE_DELAY_MS)
  }

  const shown: PerioChart = useMemo(() => (working && working.id === selected?._id ? working.chart : { teeth: selected?.teeth ?? [] }), [working, selected])
  const path = useMemo(() => entryPath(permanentTeeth.filter((tooth) => !toothEntry(shown, tooth)?.missing)), [shown])
  const current: SiteRef | null = cursor.site ?? path[0] ?? null

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!editable) return
    if ((event.target as HTMLElement).closest('input, textarea, .ant-select, .ant-popover')) return
    const key = perioKeyOf(event)
    if (!key) return
    event.preventDefault()
    if (key === 'mode') {
      setMode((previous) => (previous === 'depth' ? 'margin' : 'depth'))
      setCursor((previous) => ({ ...previous, tens: false, negative: false }))
      return
    }
    const result = entryKey(path, { ...cursor, site: current }, key, mode)
    setCursor(result.cursor)
    if (result.change) change(applyEntryChange(shown, result.change))
  }

  const onPick = (site: SiteRef, row: GridRow) => {
    setCursor({ site, tens: false })
    if (row === 'depth' || row === 'margin') setMode(row)
    else if (row === 'marks' && editable) change(applyEntryChange(shown, { kind: 'toggle', site, mark: 'bleeding' }))
  }

  const onToothChange = (entry: PerioToothEntry) => {
    const exists = shown.teeth.some((candidate) => candidate.tooth === entry.tooth)
    change({ teeth: exists ? shown.teeth.map((candidate) => (candidate.tooth === entry.tooth ? entry : candidate)) : [...shown.teeth, entry] })
  }

  async function startChart(from: 'chart' | 'last') {
    setBusy(true)
    try {
      await flush()
      const teeth = from === 'last' && list[0] ? clonePerioChart({ teeth: list[0].teeth }).teeth : perioPrefill(chartAsOf(toothEvents.data?.data ?? []))
      const made = await create({ customerId, teeth })
      setSelectedId(made._id)
      setView('chart')
      setMode('depth')
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  async function close() {
    if (!selected) return
    setBusy(true)
    window.clearTimeout(timer.current)
    try {
      dirty.current = false
      await patch(selected._id, { teeth: shown.teeth, status: 'closed' })
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  async function discard() {
    if (!selected) return
    window.clearTimeout(timer.current)
    dirty.current = false
    try {
      await remove(selected._id)
      setSelectedId(null)
    } catch (error) {
      toastError(error)
    }
  }

  if (charts.isError) return <FetchError error={charts.error} onRetry={() => void charts.refetch()} />
  if (charts.isLoading) return <PageLoading />

  const toolbar = (
    <Space wrap className="perio-toolbar">
      {canCreate && <Button type="primary" onClick={() => void startChart('chart')} loading={busy}>{t('perio.new')}</Button>}
      {canCreate && list.length > 0 && <Button onClick={() => void startChart('last')} disabled={busy}>{t('perio.cloneLast')}</Button>}
      {list.length >= 2 && (
        <Segmented<'chart' | 'compare'>
          value={view}
          onChange={setView}
          aria-label={t('perio.view')}
          options={[{ value: 'chart', label: t('perio.chartView') }, { value: 'compare', label: t('perio.compareView') }]}
        />
      )}
    </Space>
  )

  if (list.length === 0) {
    return (
      <div className="perio-section">
        {toolbar}
        <Empty description={t('perio.none')} />
      </div>
    )
  }

  return (
    <div className="perio-section">
      {toolbar}
      {view === 'compare' && list.length >= 2 ? (
        <CompareView list={list} numbering={numbering} />
      ) : (
        <div className="perio-layout">
          <nav className="perio-list" aria-label={t('perio.list')}>
            {list.map((chart) => (
              <button
                key={chart._id}
                type="button"
                className={`perio-list-item ${chart._id === selected?._id ? 'perio-list-item-active' : ''}`}
                aria-current={chart._id === selected?._id || undefined}
                onClick={() => setSelectedId(chart._id)}
              >
                <span className="perio-list-date">{format.date(chart.date)}</span>
                <Tag color={chart.status === 'draft' ? 'gold' : 'default'}>{t(`perio.status.${chart.status}`)}</Tag>
                <span className="perio-list-doctor">{names.get(chart.doctorId) ?? ''}</span>
              </button>
            ))}
          </nav>
          {selected && (
            <Card size="small" className="perio-card">
              <ChartHeader chart={selected} shown={shown} thresholds={thresholds} />
              {editable && (
                <Space wrap className="perio-entry-bar">
                  <Segmented<EntryMode>
                    value={mode}
                    onChange={(value) => { setMode(value); setCursor((previous) => ({ ...previous, tens: false, negative: false })) }}
                    aria-label={t('perio.mode')}
                    options={[{ value: 'depth', label: t('perio.modeDepth') }, { value: 'margin', label: t('perio.modeMargin') }]}
                  />
                  <Popconfirm title={t('perio.closeConfirm')} description={t('perio.closeHint')} okText={t('perio.close')} cancelText={t('common.cancel')} onConfirm={() => void close()}>
                    <Button disabled={busy}>{t('perio.close')}</Button>
                  </Popconfirm>
                  {canDelete && (
                    <Popconfirm title={t('perio.removeConfirm')} description={t('trash.removeHint')} okText={t('common.delete')} cancelText={t('common.cancel')} onConfirm={() => void discard()}>
                      <Button danger disabled={busy}>{t('common.delete')}</Button>
                    </Popconfirm>
                  )}
                </Space>
              )}
              {editable && <Typography.Paragraph id="perio-entry-hint" type="secondary" className="perio-hint">{t('perio.entryHint')}</Typography.Paragraph>}
              {selected.status === 'closed' && (
                <Alert type="info" showIcon className="perio-closed" message={t('perio.closedNote', { date: format.dateTime(selected.closedAt), who: names.get(selected.closedBy ?? '') ?? '' })} />
              )}
              <PerioGrid
                chart={shown}
                thresholds={thresholds}
                numbering={numbering}
                cursor={editable ? current : null}
                mode={mode}
                editable={editable}
                onPick={editable ? onPick : undefined}
                onToothChange={editable ? onToothChange : undefined}
                onKeyDown={onKeyDown}
                status={editable && current ? entryStatus(t, current, mode, cursor, numbering) : undefined}
              />
            </Card>
          )}
        </div>
      )}
    </div>
  )
}

type Translate = ReturnType<typeof useTranslation>['t']

function entryStatus(t: Translate, site: SiteRef, mode: EntryMode, cursor: EntryCursor, numbering: ToothNumbering): string {
  const prefix = mode === 'depth' ? (cursor.tens ? ' 1…' : '') : cursor.negative ? ' −' : ''
  return `${t('perio.next', { tooth: formatTooth(site.tooth, numbering), site: t(`clinical.perio.site.${site.site}`), field: t(`clinical.perio.field.${mode}`) })}${prefix}`
}

/** The open chart's day, doctor and indices (BOP %, plaque %, deep pockets), computed from what is shown. */
function ChartHeader({ chart, shown, thresholds }: { chart: PerioChartRecord; shown: PerioChart; thresholds: PerioThresholds }) {
  const { t } = useTranslation()
  const format = useFormat()
  const indices = perioIndices(shown)
  const percent = (value: number | null) => (value === null ? '—' : `${value} %`)
  return (
    <div className="perio-header">
      <Typography.Text strong>{format.date(chart.date)}</Typography.Text>
      <Space wrap size={[16, 4]} className="perio-indices">
        <span>{t('clinical.perio.field.bleedingIndex')}: <strong>{percent(indices.bleeding.percent)}</strong></span>
        <span>{t('clinical.perio.field.plaqueIndex')}: <strong>{percent(indices.plaque.percent)}</strong></span>
        <span>{t('perio.deepSites', { depth: thresholds.depth })}: <strong>{deepSiteCount(shown, thresholds)}</strong></span>
      </Space>
    </div>
  )
}

/** Pick two exams (earlier and later, newest two by default) and see the change per site. */
function CompareView({ list, numbering }: { list: readonly PerioChartRecord[]; numbering: ToothNumbering }) {
  const { t } = useTranslation()
  const format = useFormat()
  const [laterId, setLaterId] = useState(list[0]._id)
  const [earlierId, setEarlierId] = useState(list[1]._id)
  const later = list.find((chart) => chart._id === laterId) ?? list[0]
  const earlier = list.find((chart) => chart._id === earlierId) ?? list[1]
  const options = list.map((chart) => ({ value: chart._id, label: `${format.date(chart.date)} · ${t(`perio.status.${chart.status}`)}` }))
  // Always earlier → later by day, whichever way round they were picked.
  const [before, after] = earlier.date <= later.date ? [earlier, later] : [later, earlier]
  return (
    <Card size="small" className="perio-card">
      <Space wrap className="perio-compare-pick">
        <Select value={earlierId} onChange={setEarlierId} options={options} aria-label={t('perio.compare.earlier')} style={{ minWidth: 200 }} />
        <span aria-hidden>→</span>
        <Select value={laterId} onChange={setLaterId} options={options} aria-label={t('perio.compare.later')} style={{ minWidth: 200 }} />
      </Space>
      <PerioCompare before={before} after={after} numbering={numbering} />
    </Card>
  )
}
