import dayjs from 'dayjs'
import { activeNavKey, navItems, visibleNavItems } from '../../renderer/src/app/layout/nav-items'
import { bookingUrl, entryBookingUrl, firstPossibleStart } from '../../renderer/src/features/waiting-list/booking-url'
import { daysText, emptyForm, entryToForm, formToData, servicesDuration, windowProblem } from '../../renderer/src/features/waiting-list/waiting-entry'
import { addOffer, isForMe, MAX_OFFERS, offerBookingUrl, offerFrom } from '../../renderer/src/features/waiting-list/slot-offer'
import { canCancel, confirmedStatus } from '../../renderer/src/features/waiting-list/unconfirmed'
import type { SlotFreedEvent, WaitingListEntry } from '../../renderer/src/features/waiting-list/waiting-list-types'

const entry = (change: Partial<WaitingListEntry> = {}): WaitingListEntry => ({
  _id: 'w1',
  companyId: 'co1',
  createdAt: '2026-03-20T10:00:00.000Z',
  updatedAt: '2026-03-20T10:00:00.000Z',
  createdBy: null,
  branchId: 'b1',
  customerId: 'c1',
  staffId: 'd1',
  serviceIds: ['s1'],
  dateFrom: '2026-03-23',
  dateTo: '2026-04-10',
  days: [],
  timeFrom: '09:00',
  timeTo: '12:00',
  duration: 30,
  notes: null,
  status: 'waiting',
  appointmentId: null,
  ...change
})

const params = (url: string) => Object.fromEntries(new URL(url, 'http://x').searchParams)

describe('booking URL (BRIEF5: booking from elsewhere)', () => {
  test('always book=1; only the parameters given, empty ones left out', () => {
    expect(bookingUrl({})).toBe('/appointments/calendar?book=1')
    const url = bookingUrl({ start: '2026-03-24T07:00:00.000Z', staffId: 'd1', workPlaceId: null, customerId: 'c1', duration: 45, waitingListId: 'w1' })
    expect(url.startsWith('/appointments/calendar?')).toBe(true)
    expect(params(url)).toEqual({ book: '1', start: '2026-03-24T07:00:00.000Z', staffId: 'd1', customerId: 'c1', duration: '45', waitingListId: 'w1' })
  })

  test('Find a slot starts at the window start of the first allowed day, in the company zone', () => {
    // Monday 2026-03-23 08:00 in Tashkent (UTC+5, no DST): today still has room from 09:00.
    const now = new Date('2026-03-23T03:00:00Z')
    expect(firstPossibleStart(entry(), 'Asia/Tashkent', now)).toBe('2026-03-23T04:00:00.000Z')
    // Only Thursdays: the 26th at 09:00 local.
    expect(firstPossibleStart(entry({ days: [4] }), 'Asia/Tashkent', now)).toBe('2026-03-26T04:00:00.000Z')
    const url = params(entryBookingUrl(entry({ days: [4] }), 'Asia/Tashkent', now))
    expect(url).toEqual({ book: '1', start: '2026-03-26T04:00:00.000Z', staffId: 'd1', customerId: 'c1', duration: '30', waitingListId: 'w1' })
  })

  test('later today when the window has begun, the next day when the rest is too short', () => {
    // 10:07 local: the next quarter hour is 10:15 and 30 minutes still fit before 12:00.
    expect(firstPossibleStart(entry(), 'Asia/Tashkent', new Date('2026-03-23T05:07:00Z'))).toBe('2026-03-23T05:15:00.000Z')
    // 11:40 local: 11:45 + 30 min passes 12:00, so tomorrow at 09:00.
    expect(firstPossibleStart(entry(), 'Asia/Tashkent', new Date('2026-03-23T06:40:00Z'))).toBe('2026-03-24T04:00:00.000Z')
  })

  test('across a daylight-saving change (Helsinki springs forward on 29 March 2026)', () => {
    const now = new Date('2026-03-27T12:00:00Z')
    // Sunday 29th 09:00 is already summer time, UTC+3.
    expect(firstPossibleStart(entry({ days: [7] }), 'Europe/Helsinki', now)).toBe('2026-03-29T06:00:00.000Z')
    // Saturday 28th 09:00 is still winter time, UTC+2.
    expect(firstPossibleStart(entry({ days: [6] }), 'Europe/Helsinki', now)).toBe('2026-03-28T07:00:00.000Z')
  })

  test('a window that is over, or a day that never comes, gives no start', () => {
    expect(firstPossibleStart(entry({ dateTo: '2026-03-20' }), 'Asia/Tashkent', new Date('2026-03-23T03:00:00Z'))).toBeUndefined()
    expect(firstPossibleStart(entry({ dateTo: '2026-03-24', days: [5] }), 'Asia/Tashkent', new Date('2026-03-23T03:00:00Z'))).toBeUndefined()
    expect(params(entryBookingUrl(entry({ dateTo: '2026-03-20' }), 'Asia/Tashkent', new Date('2026-03-23T03:00:00Z'))).start).toBeUndefined()
  })
})

describe('waiting-list form', () => {
  test('a record goes through the form and back unchanged', () => {
    const record = entry({ days: [5, 1, 3], notes: 'Mornings only' })
    const data = formToData(entryToForm(record))
    expect(data).toEqual({
      customerId: 'c1',
      staffId: 'd1',
      serviceIds: ['s1'],
      dateFrom: '2026-03-23',
      dateTo: '2026-04-10',
      days: [1, 3, 5],
      timeFrom: '09:00',
      timeTo: '12:00',
      duration: 30,
      notes: 'Mornings only'
    })
  })

  test('a new entry: any doctor, two weeks from today, 09:00–18:00, blank notes become null', () => {
    const values = emptyForm('c9', dayjs('2026-05-04T15:30:00'))
    const data = formToData(values)
    expect(data).toMatchObject({ customerId: 'c9', staffId: null, dateFrom: '2026-05-04', dateTo: '2026-05-18', timeFrom: '09:00', timeTo: '18:00', duration: 30, notes: null, days: [] })
  })

  test('the visit must fit in the time window', () => {
    expect(windowProblem('09:00', '12:00', 30)).toBeNull()
    expect(windowProblem('09:00', '09:30', 30)).toBeNull()
    expect(windowProblem('09:00', '09:20', 30)).toBe('tooShort')
    expect(windowProblem('12:00', '09:00', 30)).toBe('reversed')
    expect(windowProblem('09:00', '09:00', 30)).toBe('reversed')
  })

  test('services suggest their total duration; unknown or none suggest nothing', () => {
    const catalogue = [
      { _id: 's1', name: 'Filling', duration: 45 },
      { _id: 's2', name: 'Cleaning', duration: 30 }
    ]
    expect(servicesDuration(['s1', 's2'], catalogue)).toBe(75)
    expect(servicesDuration([], catalogue)).toBeUndefined()
    expect(servicesDuration(['gone'], catalogue)).toBeUndefined()
  })

  test('days of the week read as runs', () => {
    const name = (day: number) => ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'][day - 1]
    expect(daysText([], name, 'Any day')).toBe('Any day')
    expect(daysText([1, 2, 3, 4, 5, 6, 7], name, 'Any day')).toBe('Any day')
    expect(daysText([5, 1, 2, 3, 4], name, 'Any day')).toBe('Mon–Fri')
    expect(daysText([1, 3, 4, 5], name, 'Any day')).toBe('Mon, Wed–Fri')
    expect(daysText([6, 7], name, 'Any day')).toBe('Sat, Sun')
    expect(daysText([2], name, 'Any day')).toBe('Tue')
  })
})

describe('slot-freed offers', () => {
  const event = (change: Partial<SlotFreedEvent> = {}): SlotFreedEvent => ({
    branchId: 'b1',
    staffId: 'd1',
    workPlaceId: 'chair1',
    start: '2026-03-24T05:00:00.000Z',
    end: '2026-03-24T05:30:00.000Z',
    candidates: [entry(), entry({ _id: 'w2', customerId: 'c2', status: 'booked' }), entry({ _id: 'w3', customerId: 'c3', duration: 60 })],
    ...change
  })

  test('only the front desk of the branch they work in now is offered the slot', () => {
    expect(isForMe(event(), 'b1', true)).toBe(true)
    expect(isForMe(event(), 'b2', true)).toBe(false)
    expect(isForMe(event(), null, true)).toBe(false)
    expect(isForMe(event(), 'b1', false)).toBe(false)
  })

  test('only customers still waiting are offered; none waiting means no offer', () => {
    expect(offerFrom(event())?.candidates.map((item) => item._id)).toEqual(['w1', 'w3'])
    expect(offerFrom(event({ candidates: [entry({ status: 'removed' })] }))).toBeNull()
    expect(offerFrom(event({ candidates: [] }))).toBeNull()
  })

  test('the same slot freed again replaces its offer; the newest few stay', () => {
    const first = offerFrom(event()) as NonNullable<ReturnType<typeof offerFrom>>
    const again = offerFrom(event({ candidates: [entry({ _id: 'w9' })] })) as typeof first
    expect(addOffer([first], again)).toEqual([again])
    let offers = [first]
    for (let hour = 6; hour < 12; hour += 1) {
      offers = addOffer(offers, offerFrom(event({ start: `2026-03-24T${hour}:00:00.000Z`.replace(/T(\d):/, 'T0$1:') })) as typeof first)
    }
    expect(offers).toHaveLength(MAX_OFFERS)
    expect(offers[0].event.start).toBe('2026-03-24T11:00:00.000Z')
  })

  test('Book opens the booking form in exactly that slot with the waiting entry', () => {
    expect(params(offerBookingUrl(event(), entry()))).toEqual({
      book: '1',
      start: '2026-03-24T05:00:00.000Z',
      staffId: 'd1',
      workPlaceId: 'chair1',
      customerId: 'c1',
      duration: '30',
      waitingListId: 'w1'
    })
    // A visit longer than the freed slot is offered the slot's length, never more.
    expect(params(offerBookingUrl(event(), entry({ duration: 60 }))).duration).toBe('30')
  })
})

describe('drafts and online requests', () => {
  test('Confirm plans a draft and confirms an online request, as the state machine allows', () => {
    expect(confirmedStatus('draft')).toBe('planned')
    expect(confirmedStatus('onlineWaiting')).toBe('confirmed')
    expect(confirmedStatus('completed')).toBeNull()
    expect(canCancel('draft')).toBe(true)
    expect(canCancel('completed')).toBe(false)
  })
})

describe('sidebar entry', () => {
  test('the waiting list needs view on appointment and the appointments module', () => {
    const keys = (permissions: { resource: string; view: boolean }[], modules: Record<string, boolean>) => visibleNavItems(navItems, permissions, modules).map((item) => item.key)
    expect(keys([{ resource: 'appointment', view: true }], { appointments: true })).toContain('waitingList')
    expect(keys([{ resource: 'appointment', view: true }], { appointments: false })).not.toContain('waitingList')
    expect(keys([], { appointments: true })).not.toContain('waitingList')
    expect(activeNavKey(navItems, '/appointments/waiting-list')).toBe('waitingList')
  })
})
