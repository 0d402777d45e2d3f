import type { Interval } from './schedule'

/** A reusable day pattern (issue 5 contract: `time-templates`). */
export interface TimeTemplate {
  _id: string
  companyId: string
  name: string
  intervals: Interval[]
  createdAt?: string
  updatedAt?: string
}

export const timeTemplatePath = 'time-templates'

/** "09:00–13:00, 14:00–18:00". */
export const intervalsText = (intervals: Interval[]) => intervals.map((interval) => `${interval.start}–${interval.end}`).join(', ')
