import dayjs from 'dayjs'
import { Button, DatePicker, Segmented, Select, Space, Spin, Tooltip } from 'antd'
import { LeftOutlined, PlusOutlined, SearchOutlined, RightOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import { stepDay, type CalendarView } from './calendar-model'
import type { CalendarAddress } from './useCalendarAddress'
import type { useCalendarZoom } from './useCalendarZoom'
import { addDays, floatingDay } from './zoned-time'
import { doctorName } from './useResources'
import { PrintButton } from '../documents/PrintButton'

interface Props {
  address: CalendarAddress
  view: CalendarView
  phone: boolean
  zone: string
  days: { first: string; afterLast: string }
  canCreate: boolean
  fetching: boolean
  onBook: () => void
  onFindSlot: () => void
  /** The doctors of the branch, the one whose column alone is shown (or null), and the signed-in doctor. */
  doctors: ReadonlyArray<{ _id: string; first_name: string; last_name: string }>
  doctor: string | null
  me: string | null
  zoom: ReturnType<typeof useCalendarZoom>
}

/** Today, previous and next, the day picker, and the view, column and colour switches. */
export function CalendarToolbar({ address, view, phone, zone, days, canCreate, fetching, onBook, onFindSlot, doctors, doctor, me, zoom }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  // The daily log 037/у of the doctor whose day is on screen: the one column shown, else the signed-in doctor's own.
  const logDoctor = doctor ?? (me && doctors.some((member) => member._id === me) ? me : null)
  const label =
    view === 'day'
      ? `${dayjs(floatingDay(address.day)).format('dddd')}, ${format.date(floatingDay(address.day))}`
      : `${format.date(floatingDay(days.first))} – ${format.date(floatingDay(addDays(days.afterLast, -1)))}`
  return (
    <div className="calendar-toolbar">
      <Space wrap size={8} className="calendar-toolbar-nav">
        <Button onClick={() => address.go({ day: address.today })} disabled={address.day === address.today} data-testid="calendar-today">
          {t('calendar.today')}
        </Button>
        <Space.Compact>
          <Button icon={<LeftOutlined />} aria-label={t('calendar.previous')} onClick={() => address.go({ day: stepDay(view, address.day, -1) })} data-testid="calendar-prev" />
          <Button icon={<RightOutlined />} aria-label={t('calendar.next')} onClick={() => address.go({ day: stepDay(view, address.day, 1) })} data-testid="calendar-next" />
        </Space.Compact>
        <DatePicker
          value={dayjs(floatingDay(address.day))}
          allowClear={false}
          onChange={(value) => value && address.go({ day: value.format('YYYY-MM-DD') })}
          format={() => label}
          aria-label={t('calendar.pickDate')}
          className="calendar-date-picker"
          data-testid="calendar-date"
        />
        <Space.Compact>
          <Tooltip title={t('calendar.zoomOut')}>
            <Button icon={<ZoomOutOutlined />} aria-label={t('calendar.zoomOut')} onClick={zoom.zoomOut} disabled={!zoom.canZoomOut} data-testid="calendar-zoom-out" />
          </Tooltip>
          <Tooltip title={t('calendar.zoomIn')}>
            <Button icon={<ZoomInOutlined />} aria-label={t('calendar.zoomIn')} onClick={zoom.zoomIn} disabled={!zoom.canZoomIn} data-testid="calendar-zoom-in" />
          </Tooltip>
        </Space.Compact>
        {view === 'day' && address.by === 'staff' && logDoctor && (
          <PrintButton iconOnly choices={[{ key: 'daily-log-037', label: 'printDailyLog', data: { kind: 'daily-log-037', doctorId: logDoctor, date: address.day } }]} />
        )}
        <Tooltip title={t('calendar.zone', { zone })}>
          <span className="calendar-fetching">{fetching ? <Spin size="small" /> : null}</span>
        </Tooltip>
      </Space>
      <Space wrap size={8} className="calendar-toolbar-switches">
        {!phone && (
          <Segmented
            value={view}
            onChange={(value) => address.go({ view: value as CalendarView })}
            options={[
              { value: 'day', label: t('calendar.day') },
              { value: 'week', label: t('calendar.week') }
            ]}
            data-testid="calendar-view"
          />
        )}
        <Segmented
          value={address.by}
          onChange={(value) => address.go({ by: value as CalendarAddress['by'] })}
          options={[
            { value: 'staff', label: t('calendar.byDoctor') },
            { value: 'chair', label: t('calendar.byChair') }
          ]}
          data-testid="calendar-columns"
        />
        {address.by === 'staff' && doctors.length > 1 && (
          <Select
            className="calendar-doctor-filter"
            value={doctor ?? 'all'}
            onChange={(value: string) => address.go({ doctor: value === 'all' ? null : value === me ? 'me' : value })}
            options={[
              { value: 'all', label: t('board.allDoctors') },
              ...(me ? [{ value: me, label: t('calendar.onlyMe') }] : []),
              ...doctors.filter((member) => member._id !== me).map((member) => ({ value: member._id, label: doctorName(member) }))
            ]}
            aria-label={t('board.doctor')}
            data-testid="calendar-doctor"
          />
        )}
        <Segmented
          value={address.colour}
          onChange={(value) => address.go({ colour: value as CalendarAddress['colour'] })}
          options={[
            { value: 'staff', label: t('calendar.colourDoctor') },
            { value: 'status', label: t('calendar.colourStatus') }
          ]}
          aria-label={t('calendar.colours')}
          data-testid="calendar-colours"
        />
        {canCreate && (
          <Button icon={<SearchOutlined />} onClick={onFindSlot} data-testid="calendar-find-slot">
            {t('slots.open')}
          </Button>
        )}
        {canCreate && (
          <Button type="primary" icon={<PlusOutlined />} onClick={onBook} data-testid="calendar-book">
            {t('calendar.book')}
          </Button>
        )}
      </Space>
    </div>
  )
}
