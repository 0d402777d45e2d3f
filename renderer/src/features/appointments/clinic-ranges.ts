import dayjs, { type Dayjs } from 'dayjs'
import { companyToday } from './zoned-time'

/** The clinic's today as a one-day picker range (the clinic's day, not the computer's). */
export function clinicTodayRange(timeZone: string): [Dayjs, Dayjs] {
  const today = dayjs(companyToday(timeZone))
  return [today, today]
}

/** The clinic's month as a picker range (on a month's last evening the computer's may be the next). */
export function clinicMonthRange(timeZone: string): [Dayjs, Dayjs] {
  const today = dayjs(companyToday(timeZone))
  return [today.startOf('month'), today.endOf('month')]
}
