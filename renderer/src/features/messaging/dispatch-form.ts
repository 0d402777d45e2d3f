import type { Dayjs } from 'dayjs'
import type { Dispatch, DispatchData } from '../../../../server/src/services/messaging/dispatch/dispatch.shared'
import type { DispatchChannel, DispatchState } from '../../../../domain/messaging/dispatch'

export const dispatchStateColors: Record<DispatchState, string> = { draft: 'default', scheduled: 'blue', sending: 'processing', done: 'green', cancelled: 'orange' }

/**
 * The broadcast editor's values and the data they send (pure, so the conversions are tested in
 * tests/renderer/dispatch-form.test.ts): dates as company-local days, birthdays as month-days.
 */
export interface DispatchFormValues {
  name: string
  channel: DispatchChannel
  text: string
  tagIds?: string[]
  lastVisitAfter?: Dayjs | null
  lastVisitBefore?: Dayjs | null
  debtors?: boolean
  birthdays?: [Dayjs | null, Dayjs | null] | null
}

type Filter = NonNullable<DispatchData['filter']>

export function dispatchFilter(values: Partial<DispatchFormValues>): Filter {
  const filter: Filter = {}
  if (values.tagIds?.length) filter.tagIds = values.tagIds
  if (values.lastVisitAfter) filter.lastVisitAfter = values.lastVisitAfter.format('YYYY-MM-DD')
  if (values.lastVisitBefore) filter.lastVisitBefore = values.lastVisitBefore.format('YYYY-MM-DD')
  if (values.debtors) filter.debtors = true
  const [from, to] = values.birthdays ?? []
  if (from && to) {
    filter.birthdayFrom = from.format('MM-DD')
    filter.birthdayTo = to.format('MM-DD')
  }
  return filter
}

export function dispatchData(values: DispatchFormValues): DispatchData {
  return { name: values.name.trim(), channel: values.channel, text: values.text, filter: dispatchFilter(values) }
}

/** A saved broadcast back into the form (`day` parses `YYYY-MM-DD`; a month-day lands in a leap year so 02-29 stays). */
export function dispatchFormValues(dispatch: Dispatch, day: (value: string) => Dayjs): DispatchFormValues {
  const { filter } = dispatch
  return {
    name: dispatch.name,
    channel: dispatch.channel,
    text: dispatch.text,
    tagIds: filter.tagIds ?? [],
    lastVisitAfter: filter.lastVisitAfter ? day(filter.lastVisitAfter) : null,
    lastVisitBefore: filter.lastVisitBefore ? day(filter.lastVisitBefore) : null,
    debtors: filter.debtors ?? false,
    birthdays: filter.birthdayFrom && filter.birthdayTo ? [day(`2028-${filter.birthdayFrom}`), day(`2028-${filter.birthdayTo}`)] : null
  }
}

/** Messages handled so far (sent, delivered, failed, unknown or withdrawn) of all written. */
export function dispatchHandled(progress: Dispatch['progress']): { done: number; total: number } {
  const count = (state: keyof Dispatch['progress']) => progress[state] ?? 0
  const total = Object.values(progress).reduce((sum: number, value) => sum + (value ?? 0), 0)
  return { done: total - count('scheduled') - count('sending'), total }
}
