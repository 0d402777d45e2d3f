import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { preferences } from '../../api/storage'
import type { CalendarView, ColourBy, ColumnsBy } from './calendar-model'
import { companyToday } from './zoned-time'

const DAY = /^\d{4}-\d{2}-\d{2}$/
const KEY = 'calendarView'

interface Choice {
  view: CalendarView
  by: ColumnsBy
  colour: ColourBy
}

function saved(): Choice {
  try {
    const value = JSON.parse(preferences.get(KEY) ?? '{}') as Partial<Choice>
    return { view: value.view === 'week' ? 'week' : 'day', by: value.by === 'chair' ? 'chair' : 'staff', colour: value.colour === 'status' ? 'status' : 'staff' }
  } catch {
    return { view: 'day', by: 'staff', colour: 'staff' }
  }
}

export interface CalendarAddress extends Choice {
  /** The clinic day shown (the week containing it in week view). */
  day: string
  today: string
  /** One doctor's column only (?doctor=<id>, or 'me'); null: every doctor. */
  doctor: string | null
  go(change: Partial<Choice & { day: string; doctor: string | null }>): void
}

/**
 * The calendar's day lives in the address (?date=YYYY-MM-DD, so a link or reload shows the same
 * day); view, columns and colours are this device's preference, kept in the address too.
 */
export function useCalendarAddress(timeZone: string, fallbackDay: string | null = null): CalendarAddress {
  const [params, setParams] = useSearchParams()
  const today = companyToday(timeZone)
  const stored = saved()
  const date = params.get('date')
  const view = (params.get('view') as CalendarView | null) ?? stored.view
  const by = (params.get('columns') as ColumnsBy | null) ?? stored.by
  const colour = (params.get('colour') as ColourBy | null) ?? stored.colour
  const choice = useMemo<Choice>(
    () => ({ view: view === 'week' ? 'week' : 'day', by: by === 'chair' ? 'chair' : 'staff', colour: colour === 'status' ? 'status' : 'staff' }),
    [view, by, colour]
  )
  const go = useCallback(
    (change: Partial<Choice & { day: string; doctor: string | null }>) => {
      setParams(
        (current) => {
          const next = new URLSearchParams(current)
          if (change.day) next.set('date', change.day)
          if (change.view) next.set('view', change.view)
          if (change.by) next.set('columns', change.by)
          if (change.colour) next.set('colour', change.colour)
          if (change.doctor !== undefined) {
            if (change.doctor) next.set('doctor', change.doctor)
            else next.delete('doctor')
          }
          return next
        },
        { replace: !change.day }
      )
      const { day: _day, doctor: _doctor, ...rest } = change
      if (Object.keys(rest).length) preferences.set(KEY, JSON.stringify({ ...choice, ...rest }))
    },
    [setParams, choice]
  )
  return { ...choice, day: date && DAY.test(date) ? date : (fallbackDay ?? today), today, doctor: params.get('doctor'), go }
}
