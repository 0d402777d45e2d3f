import { useCurrentBranch } from '../../api/branch'
import { useFind, useGet } from '../../api/live'
import { useCan } from '../../api/permissions'
import { cashNeedsOpenShift } from '../../../../domain/billing/cash-desk'
import { zPaymentsPath } from './cash-desk-types'
import { cashBlocked } from './cash-rule'

/**
 * True when cash cannot be taken now in the current branch (the branch the client fills into a
 * payment and a checkout): the company's switch "cash payments only with an open shift" is on
 * (my-company, which the screens have loaded already) and the branch has no open shift a payment
 * goes to. Only with the switch on does it ask for the branch's open shifts, the same live query
 * as the cash desk screen; without `payments: view` it cannot, and the server's answer says it.
 */
export function useCashBlocked(): boolean {
  const company = useGet('my-company', 'mine')
  const branchId = useCurrentBranch()
  const needed = cashNeedsOpenShift(company.data?.settings)
  const mayView = useCan('payments', 'view')
  const open = useFind(zPaymentsPath, { branchId: branchId ?? undefined, status: 'open', $limit: 20, $sort: { openedAt: 1 } }, needed && mayView && Boolean(branchId))
  return cashBlocked(needed, open.data?.data)
}
