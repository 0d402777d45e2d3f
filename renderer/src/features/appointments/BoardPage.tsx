import './appointments.css'
import { useEffect, useMemo, useState, type CSSProperties } from 'react'
import dayjs from 'dayjs'
import { Alert, Button, Card, DatePicker, Dropdown, Select, Space, Spin } from 'antd'
import { LeftOutlined, MoreOutlined, RightOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { allowedNextStatuses, canTransition, type AppointmentStatus } from '../../../../domain/appointments/status'
import { refreshService, usePatch } from '../../api/live'
import { useCurrentBranch } from '../../api/branch'
import { useCan } from '../../api/permissions'
import { queryClient } from '../../api/query-client'
import type { Paginated } from '../../api/types'
import { toast, toastError } from '../../app/toasts'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { customerName } from '../customers/customer-name'
import type { AppointmentRecord } from './appointment-types'
import { BookingDrawer } from './BookingDrawer'
import { rangeQuery } from './calendar-model'
import { statusColor } from './status-colors'
import { APPOINTMENT_PATH, useAppointments, useCustomersByIds } from './useAppointments'
import { doctorName, useDoctors, useStaffNames } from './useResources'
import { useCompanyZone } from './useCalendarSettings'
import { addDays, companyToday, floatingDay, timeKey, toFloating } from './zoned-time'
import { useCompletionGate } from '../treatment-done/useCompletionGate'

/** The day's flow, left to right; drafts and online requests appear only when there are some. */
const mainColumns: AppointmentStatus[] = ['planned', 'notConfirmed', 'confirmed', 'late', 'arrived', 'started', 'completed', 'noShow', 'cancelled']
const extraColumns: AppointmentStatus[] = ['draft', 'onlineWaiting']
const DAY = /^\d{4}-\d{2}-\d{2}$/
const EDGE = 60
const SCROLL_STEP = 16

/**
 * /board: the chosen day's visits in columns by status. Dragging a card to another column
 * changes its status through the state machine: a column the card may not go to turns red
 * while the card is over it and refuses the drop with a message. Each card's menu does the same
 * without dragging (touch screens). An expected patient is marked arrived with one click, and an
 * arrived one shows how long they have waited. Empty columns fold to a narrow strip that still
 * takes a drop, so the day's flow fits a 1366 px screen.
 */
export default function BoardPage() {
  const { t } = useTranslation()
  const zone = useCompanyZone()
  const branchId = useCurrentBranch()
  const canEdit = useCan('appointment', 'edit')
  const patchAppointment = usePatch(APPOINTMENT_PATH)
  const [params, setParams] = useSearchParams()
  const today = companyToday(zone)
  const day = DAY.test(params.get('date') ?? '') ? (params.get('date') as string) : today
  const query = useMemo(() => rangeQuery(day, addDays(day, 1), zone, branchId), [day, zone, branchId])
  const list = useAppointments(query)
  const appointments = useMemo(() => list.data?.data ?? [], [list.data])
  const customers = useCustomersByIds(useMemo(() => appointments.map((item) => item.customerId), [appointments]))
  const staff = useStaffNames()
  const [dragged, setDragged] = useState<AppointmentRecord | null>(null)
  const [over, setOver] = useState<AppointmentStatus | null>(null)
  const [editing, setEditing] = useState<AppointmentRecord | null>(null)
  const [refusal, setRefusal] = useState<string | null>(null)
  const { doctors } = useDoctors()
  const doctorFilter = params.get('doctor')
  const now = useMinuteClock()
  const { gate, dialog: completionDialog } = useCompletionGate()

  const shown = doctorFilter ? appointments.filter((item) => item.staffId === doctorFilter) : appointments
  const columns = [...mainColumns, ...extraColumns.filter((status) => shown.some((item) => item.status === status))]
  const address = (next: { date?: string; doctor?: string | null }) => {
    const date = next.date ?? day
    const doctor = next.doctor === undefined ? doctorFilter : next.doctor
    setParams({ ...(date === today ? {} : { date }), ...(doctor ? { doctor } : {}) })
  }
  const go = (next: string) => address({ date: next })

  async function changeStatus(appointment: AppointmentRecord, to: AppointmentStatus) {
    if (appointment.status === to) return
    if (!canTransition(appointment.status, to)) {
      // Stays on screen (a toast passes in 1.5 s): the person reads why the card did not move.
      setRefusal(t('board.refused', { from: t(`appointmentStatus.${appointment.status}`), to: t(`appointmentStatus.${to}`) }))
      return
    }
    setRefusal(null)
    // Completing asks what was done first (treatment lines), unless the visit has them.
    if (to === 'completed') return gate(appointment, () => moveTo(appointment, to))
    return moveTo(appointment, to)
  }

  async function moveTo(appointment: AppointmentRecord, to: AppointmentStatus) {
    queryClient.setQueryData<Paginated<AppointmentRecord>>([APPOINTMENT_PATH, 'find', query], (old) =>
      old ? { ...old, data: old.data.map((item) => (item._id === appointment._id ? { ...item, status: to } : item)) } : old
    )
    try {
      await patchAppointment(appointment._id, { status: to })
      toast.success(t('board.moved', { status: t(`appointmentStatus.${to}`) }))
    } catch (error) {
      toastError(error)
      // The move was shown before the server answered: show what it kept.
      await refreshService(APPOINTMENT_PATH)
    }
  }

  function endDrag() {
    setDragged(null)
    setOver(null)
  }

  return (
    <>
      <PageHeader title={t('board.title')} />
      {completionDialog}
      <Card className="appointments-card">
        <div className="board-toolbar">
          <Button onClick={() => go(today)} disabled={day === today}>
            {t('calendar.today')}
          </Button>
          <Space.Compact>
            <Button icon={<LeftOutlined />} aria-label={t('calendar.previous')} onClick={() => go(addDays(day, -1))} />
            <Button icon={<RightOutlined />} aria-label={t('calendar.next')} onClick={() => go(addDays(day, 1))} />
          </Space.Compact>
          <DatePicker value={dayjs(floatingDay(day))} allowClear={false} onChange={(value) => value && go(value.format('YYYY-MM-DD'))} format="dddd, DD.MM.YYYY" aria-label={t('calendar.pickDate')} data-testid="board-date" />
          <Select
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={doctorFilter ?? undefined}
            placeholder={t('board.allDoctors')}
            options={doctors.map((member) => ({ value: member._id, label: doctorName(member) }))}
            onChange={(value?: string) => address({ doctor: value ?? null })}
            className="board-doctor-filter"
            aria-label={t('board.doctor')}
            data-testid="board-doctor"
          />
          {list.isFetching && <Spin size="small" />}
        </div>
        {refusal && <Alert type="warning" showIcon closable={{ onClose: () => setRefusal(null) }} title={refusal} className="board-refusal" data-testid="board-refusal" />}
        {list.error && !list.data ? (
          <FetchError error={list.error} onRetry={() => void list.refetch()} />
        ) : (
          <div
            className="board"
            data-testid="board"
            onDragOver={(event) => {
              // Browsers do not scroll a box while dragging: near an edge the board scrolls itself.
              const box = event.currentTarget.getBoundingClientRect()
              if (event.clientX > box.right - EDGE) event.currentTarget.scrollLeft += SCROLL_STEP
              else if (event.clientX < box.left + EDGE) event.currentTarget.scrollLeft -= SCROLL_STEP
            }}
          >
            {columns.map((status) => {
              const cards = shown.filter((item) => item.status === status)
              // Folded stays folded while a card is dragged (the strip takes the drop): opening
              // columns under a moving card would shift the drop targets away from the cursor.
              const folded = cards.length === 0
              const refused = Boolean(dragged && over === status && dragged.status !== status && !canTransition(dragged.status, status))
              const accepted = Boolean(dragged && over === status && canTransition(dragged.status, status))
              return (
                <section
                  key={status}
                  className={`board-column${folded ? ' folded' : ''}${accepted ? ' drop-ok' : ''}${refused ? ' drop-refused' : ''}`}
                  style={{ '--status-color': statusColor(status) } as CSSProperties}
                  aria-label={t(`appointmentStatus.${status}`)}
                  data-testid={`board-column-${status}`}
                  data-refused={refused ? 'true' : undefined}
                  onDragEnter={() => setOver(status)}
                  onDragOver={(event) => {
                    if (!dragged) return
                    if (over !== status) setOver(status)
                    // Every column takes the drop, so a refused one can say why (the red column
                    // already told while hovering); the state machine decides in changeStatus.
                    // (dropEffect 'none' would cancel the drop and with it the explanation.)
                    event.preventDefault()
                  }}
                  onDrop={(event) => {
                    event.preventDefault()
                    if (dragged) void changeStatus(dragged, status)
                    setDragged(null)
                    setOver(null)
                  }}
                >
                  <div className="board-column-head">
                    <span>{t(`appointmentStatus.${status}`)}</span>
                    <span className="muted">{cards.length}</span>
                  </div>
                  <div className="board-column-body">
                    {refused && <div className="board-refused-note">{t('board.notAllowed')}</div>}
                    {cards.map((item) => {
                      const member = staff.get(item.staffId)
                      const customer = customers.get(item.customerId)
                      const next = allowedNextStatuses(item.status)
                      return (
                        <div
                          key={item._id}
                          className="board-card"
                          draggable={canEdit}
                          onDragStart={(event) => {
                            event.dataTransfer.setData('text/plain', item._id)
                            event.dataTransfer.effectAllowed = 'move'
                            setDragged(item)
                          }}
                          onDragEnd={endDrag}
                          onClick={() => setEditing(item)}
                          // Tab walks the cards; Enter opens the focused one (not when a button inside has the focus).
                          role="button"
                          tabIndex={0}
                          onKeyDown={(event) => event.key === 'Enter' && event.target === event.currentTarget && setEditing(item)}
                          style={{ '--staff-color': member?.color ?? '#d9d9d9' } as CSSProperties}
                          data-testid="board-card"
                          data-id={item._id}
                        >
                          <div className="board-card-time">
                            <span>
                              {timeKey(toFloating(item.start, zone))}–{timeKey(toFloating(item.end, zone))}
                            </span>
                            {canEdit && next.length > 0 && (
                              <Dropdown
                                trigger={['click']}
                                menu={{
                                  items: next.map((to) => ({ key: to, label: t('board.moveTo', { status: t(`appointmentStatus.${to}`) }) })),
                                  onClick: ({ key, domEvent }) => {
                                    domEvent.stopPropagation()
                                    void changeStatus(item, key as AppointmentStatus)
                                  }
                                }}
                              >
                                <Button size="small" type="text" icon={<MoreOutlined />} aria-label={t('board.changeStatus')} onClick={(event) => event.stopPropagation()} />
                              </Dropdown>
                            )}
                          </div>
                          <div className="board-card-name">{customer ? customerName(customer) : '…'}</div>
                          {item.status === 'arrived' && item.statusChangedAt && (
                            <div className="board-card-waiting" data-testid="board-card-waiting">
                              {t('board.waiting', { minutes: Math.max(0, Math.floor((now - Date.parse(item.statusChangedAt)) / 60_000)) })}
                            </div>
                          )}
                          <div className="board-card-meta">{member ? doctorName(member) : ''}</div>
                          {item.services.length > 0 && <div className="board-card-meta">{item.services.map((entry) => entry.name).join(', ')}</div>}
                          {canEdit && item.status !== 'arrived' && next.includes('arrived') && (
                            <Button
                              size="small"
                              className="board-card-arrived"
                              onClick={(event) => {
                                event.stopPropagation()
                                void changeStatus(item, 'arrived')
                              }}
                              data-testid="board-mark-arrived"
                            >
                              {t('board.markArrived')}
                            </Button>
                          )}
                        </div>
                      )
                    })}
                    {!cards.length && !refused && <div className="board-empty">—</div>}
                  </div>
                </section>
              )
            })}
          </div>
        )}
      </Card>
      {editing && <BookingDrawer appointment={appointments.find((item) => item._id === editing._id) ?? editing} onClose={() => setEditing(null)} />}
    </>
  )
}

/** The time now, renewed every half minute: waiting times on the cards move on by themselves. */
function useMinuteClock(): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 30_000)
    return () => window.clearInterval(timer)
  }, [])
  return now
}
