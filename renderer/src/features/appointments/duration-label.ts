import type { TFunction } from 'i18next'

/** "45 min", "1 h", "1 h 30 min" in the interface language. */
export function durationLabel(t: TFunction, minutes: number): string {
  const hours = Math.floor(minutes / 60)
  const rest = minutes % 60
  if (!hours) return t('booking.minutes', { count: rest })
  if (!rest) return t('booking.hours', { count: hours })
  return `${t('booking.hours', { count: hours })} ${t('booking.minutes', { count: rest })}`
}
