import { useQuery } from '@tanstack/react-query'
import dayjs from 'dayjs'
import { client } from '../../api/client'
import { refreshService } from '../../api/live'
import { companyToday } from '../appointments/zoned-time'
import type { BalanceStatement } from '../../../../server/src/services/billing/user-balance-history/user-balance-history.shared'

export type Period = [dayjs.Dayjs, dayjs.Dayjs]
/** This month so far in the company's time zone: its first day to the company's today (nothing is earned or paid ahead of it). */
export function thisMonth(timeZone: string): Period {
  const today = dayjs(companyToday(timeZone))
  return [today.startOf('month'), today]
}
export const dayText = (day: dayjs.Dayjs) => day.format('YYYY-MM-DD')

/**
 * A doctor's statement for a period (none: the signed-in person's own). Statements are computed
 * on the server and have no events: the screens refresh them after their own writes.
 */
export function useBalanceStatement(userId: string | undefined, period: Period, branchId?: string) {
  const query = { ...(userId ? { userId } : {}), from: dayText(period[0]), to: dayText(period[1]), ...(branchId ? { branchId } : {}) }
  return useQuery({
    queryKey: ['user-balance-history', 'find', query],
    queryFn: () => client.service('user-balance-history').find({ query }) as Promise<BalanceStatement>
  })
}

export const refreshStatements = () => refreshService('user-balance-history')
