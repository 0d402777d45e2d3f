/**
 * Company-local days and times from UTC instants and back (BRIEF5: instants are stored in UTC
 * and shown in the company timezone). Intl does the timezone arithmetic, so daylight-saving
 * changes (Europe/Helsinki) come out right without a timezone library.
 */
export interface ZonedParts {
  /** 'YYYY-MM-DD' */
  date: string
  /** 'HH:mm' */
  time: string
  /** 1 = Monday .. 7 = Sunday */
  weekday: number
}

const partsFormat = new Map<string, Intl.DateTimeFormat>()

function formatFor(timeZone: string) {
  let format = partsFormat.get(timeZone)
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23'
    })
    partsFormat.set(timeZone, format)
  }
  return format
}

/** The company-local date, time and weekday of an instant. */
export function zonedParts(instant: string | number | Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(formatFor(timeZone).formatToParts(new Date(instant)).map((part) => [part.type, part.value]))
  const date = `${parts.year}-${parts.month}-${parts.day}`
  return { date, time: `${parts.hour}:${parts.minute}`, weekday: weekdayOf(date) }
}

/** 1 = Monday .. 7 = Sunday of a calendar day. */
export function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay()
  return day === 0 ? 7 : day
}

/** Minutes the zone is ahead of UTC at that instant. */
function offsetMinutes(instant: number, timeZone: string): number {
  const { date, time } = zonedParts(instant, timeZone)
  const asUtc = Date.parse(`${date}T${time}:00Z`)
  return Math.round((asUtc - Math.floor(instant / 60_000) * 60_000) / 60_000)
}

/**
 * The UTC instant (ISO) of a company-local day and time. A time skipped by a spring-forward
 * change resolves to the instant an hour later on the wall clock, as calendars usually do.
 */
export function zonedToUtc(date: string, time: string, timeZone: string): string {
  const wall = Date.parse(`${date}T${time}:00Z`)
  let guess = wall - offsetMinutes(wall, timeZone) * 60_000
  // The offset at the guess may differ from the one at the wall time near a change: once more.
  guess = wall - offsetMinutes(guess, timeZone) * 60_000
  return new Date(guess).toISOString()
}

/** 'YYYY-MM-DD' plus n days. */
export function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** Minutes since midnight of 'HH:mm'. */
export function minutesOf(time: string): number {
  const [hours, minutes] = time.split(':').map(Number)
  return hours * 60 + minutes
}
