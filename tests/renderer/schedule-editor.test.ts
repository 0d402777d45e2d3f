import {
  addException,
  applyTemplate,
  clinicWeek,
  copyDay,
  dayMinutes,
  draftProblems,
  emptyWeek,
  fromDraft,
  nextInterval,
  removeException,
  sameDraft,
  timeChoices,
  toDraft,
  weekdayOf
} from '../../renderer/src/features/schedule/schedule'
import { calendarSettingsOf, defaultCalendarSettings } from '../../renderer/src/features/schedule/calendar-settings'

describe('working hours editor', () => {
  test('time choices follow the step: starts from 00:00, ends up to 24:00, stored odd values kept', () => {
    const starts = timeChoices(30)
    expect(starts[0]).toBe('00:00')
    expect(starts.at(-1)).toBe('23:30')
    expect(starts).toHaveLength(48)
    const ends = timeChoices(60, [], 'end')
    expect(ends[0]).toBe('01:00')
    expect(ends.at(-1)).toBe('24:00')
    expect(timeChoices(60, ['09:10'])).toContain('09:10')
  })

  test('without weekly hours the clinic week is offered; dated exceptions are kept', () => {
    const clinic = clinicWeek(defaultCalendarSettings)
    expect(clinic['1']).toEqual([{ start: '08:00', end: '20:00' }])
    expect(clinic['7']).toEqual([])
    const draft = toDraft({ dates: { '2026-05-01': [] } }, clinic)
    expect(draft.week['3']).toEqual([{ start: '08:00', end: '20:00' }])
    expect(draft.dates).toEqual({ '2026-05-01': [] })
    // A stored week wins over the fallback, missing days are days off, intervals come sorted.
    const stored = toDraft({ week: { '2': [{ start: '14:00', end: '18:00' }, { start: '09:00', end: '13:00' }] } }, clinic)
    expect(stored.week['1']).toEqual([])
    expect(stored.week['2'].map((interval) => interval.start)).toEqual(['09:00', '14:00'])
  })

  test('saving writes all seven days and the dates in order', () => {
    const saved = fromDraft({ week: { ...emptyWeek(), '1': [{ start: '09:00', end: '18:00' }] }, dates: { '2026-06-02': [], '2026-06-01': [{ start: '10:00', end: '12:00' }] } })
    expect(Object.keys(saved.week)).toEqual(['1', '2', '3', '4', '5', '6', '7'])
    expect(Object.keys(saved.dates)).toEqual(['2026-06-01', '2026-06-02'])
  })

  test('copying a day gives the other days their own copies', () => {
    const week = { ...emptyWeek(), '1': [{ start: '09:00', end: '13:00' }] }
    const copied = copyDay(week, '1', ['2', '3', '1'])
    expect(copied['2']).toEqual(week['1'])
    expect(copied['3']).not.toBe(copied['1'])
    copied['2'][0].start = '10:00'
    expect(copied['1'][0].start).toBe('09:00')
  })

  test('a template goes onto the chosen days only', () => {
    const week = applyTemplate(emptyWeek(), [{ start: '14:00', end: '20:00' }, { start: '08:00', end: '13:00' }], ['1', '5'])
    expect(week['1']).toEqual([
      { start: '08:00', end: '13:00' },
      { start: '14:00', end: '20:00' }
    ])
    expect(week['5']).toEqual(week['1'])
    expect(week['2']).toEqual([])
  })

  test('problems are found per day with the domain codes', () => {
    const week = { ...emptyWeek(), '1': [{ start: '10:00', end: '09:00' }], '2': [{ start: '09:00', end: '13:00' }, { start: '12:00', end: '18:00' }], '3': [{ start: '09:00', end: '13:00' }, { start: '13:00', end: '18:00' }] }
    expect(draftProblems({ week, dates: { '2026-05-01': [{ start: '09:00', end: '09:00' }] } })).toEqual({
      '1': 'interval-start-after-end',
      '2': 'intervals-overlap',
      '2026-05-01': 'interval-start-after-end'
    })
  })

  test('a new interval follows the last one and never runs past midnight', () => {
    expect(nextInterval([], '08:00', 15)).toEqual({ start: '08:00', end: '09:00' })
    expect(nextInterval([{ start: '09:00', end: '13:00' }], '08:00', 15)).toEqual({ start: '13:15', end: '14:15' })
    expect(nextInterval([{ start: '09:00', end: '23:30' }], '08:00', 30)).toEqual({ start: '23:30', end: '24:00' })
  })

  test('a dated exception starts from its weekday and can be removed', () => {
    expect(weekdayOf('2026-06-01')).toBe('1')
    expect(weekdayOf('2026-06-07')).toBe('7')
    const draft = { week: { ...emptyWeek(), '1': [{ start: '09:00', end: '18:00' }] }, dates: {} }
    const withDate = addException(draft, '2026-06-01')
    expect(withDate.dates['2026-06-01']).toEqual([{ start: '09:00', end: '18:00' }])
    expect(sameDraft(removeException(withDate, '2026-06-01'), draft)).toBe(true)
    expect(dayMinutes(withDate.dates['2026-06-01'])).toBe(540)
  })
})

describe('calendar settings', () => {
  test('missing or invalid stored values fall back to the defaults field by field', () => {
    expect(calendarSettingsOf(undefined)).toEqual(defaultCalendarSettings)
    expect(calendarSettingsOf({ calendar: { step: 30, zoom: 9, dayStart: '7:00', dayEnd: '24:00', workingDays: [5, 1, 1, 8] } })).toEqual({
      ...defaultCalendarSettings,
      step: 30,
      dayEnd: '24:00',
      workingDays: [1, 5]
    })
  })
})
