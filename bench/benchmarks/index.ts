import type { BenchContext } from '../context'
import type { Measurement } from '../measure'
import { benchCustomerSearch } from './customer-search'
import { benchWeekCalendar } from './week-calendar'
import { benchCreateAppointment } from './create-appointment'
import { benchSocketGet } from './socket-get'
import { benchEventFanout } from './event-fanout'
import { benchSignInLoad } from './sign-in-load'
import { benchFairness } from './fairness'
import { benchSlots } from './slots'
import { benchTreatmentTab } from './treatment-tab'
import { benchCreatePayment } from './create-payment'
import { benchBillingTab } from './billing-tab'
import { benchReports } from './reports'

export interface Benchmark {
  /** Short name for --only. */
  key: string
  /** One row of the results table, or several (a benchmark of several shapes of one call). */
  run: (context: BenchContext) => Promise<Measurement | Measurement[]>
}

/** Every benchmark of `npm run bench`, in the order of the results table. */
export const benchmarks: Benchmark[] = [
  { key: 'search', run: benchCustomerSearch },
  { key: 'calendar', run: benchWeekCalendar },
  { key: 'create', run: benchCreateAppointment },
  { key: 'get', run: benchSocketGet },
  { key: 'events', run: benchEventFanout },
  { key: 'sign-in', run: benchSignInLoad },
  { key: 'fairness', run: benchFairness },
  { key: 'slots', run: benchSlots },
  { key: 'treatment-tab', run: benchTreatmentTab },
  { key: 'payment', run: benchCreatePayment },
  { key: 'billing-tab', run: benchBillingTab },
  { key: 'reports', run: benchReports }
]
