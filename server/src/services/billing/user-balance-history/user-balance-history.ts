import { BadRequest, Forbidden } from '@feathersjs/errors'
import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { callerMay } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { viewerOf, visibleBranches, type RecordScope } from '../../../access/record-scope'
import { clinicError } from '../../../errors'
import { UserBalanceHistoryService } from './user-balance-history.class'
import { PAYOUTS_TABLE, PAYOUT_LINES_TABLE, PAYOUT_PERIODS_TABLE, PAYOUT_RULES_TABLE } from './payout-rows'
import { PAYOUT_STATS_DIRTY_TABLE, PAYOUT_STATS_STATE_TABLE, PAYOUT_STATS_TABLE } from './payout-stats'
import {
  balanceHistoryDataSchema,
  balanceHistoryDataValidator,
  balanceHistoryQueryValidator,
  balanceRulesPatchSchema,
  balanceRulesPatchValidator,
  type BalanceHistoryQuery
} from './user-balance-history.schema'
import { BALANCE_MAX_DAYS, userBalanceHistoryMethods, userBalanceHistoryPath } from './user-balance-history.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [userBalanceHistoryPath]: UserBalanceHistoryService
  }
}

const DAY_MS = 86_400_000
/** Whose lines a finance viewer sees: those of the branches they work in (every branch when they see the whole company). */
const balanceScope: RecordScope = { branch: {} }
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** A period in order and at most BALANCE_MAX_DAYS long. */
export function checkPeriod(from: string, to: string) {
  const days = (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS
  if (!(days >= 0 && days < BALANCE_MAX_DAYS)) throw clinicError(BadRequest, 'invalid-request', 'to')
}

/**
 * Whose statement: the doctor named by the id (get) or `userId` (find), else the caller. One's
 * own lines need no permission and count every branch; another's need `balance-reports: view`
 * (else Forbidden `balance-not-own`) and count only the branches the viewer sees.
 */
function whoseStatement(context: HookContext) {
  const query = context.params.query as BalanceHistoryQuery
  checkPeriod(query.from, query.to)
  const identity = context.params.identity
  const named = context.method === 'get' ? String(context.id) : query.userId
  if (named !== undefined && !ID.test(named)) throw clinicError(BadRequest, 'invalid-request', context.method === 'get' ? 'id' : 'userId')
  if (!context.params.provider || !identity) {
    context.params.query = { ...query, userId: named, branchIds: null }
    return
  }
  const userId = named ?? identity.user._id
  const own = userId === identity.user._id
  if (!own && !callerMay(context, 'balance-reports', 'view')) throw clinicError(Forbidden, 'balance-not-own')
  const branches = own ? null : visibleBranches(balanceScope, viewerOf(identity))
  if (query.branchId && !(branches ?? identity.branchIds).includes(query.branchId)) throw clinicError(BadRequest, 'branch-not-allowed', 'branchId')
  context.params.query = { ...query, userId, branchIds: branches }
}

/** patch names a doctor by id (a malformed one is refused, not looked up). */
function checkDoctorId(context: HookContext) {
  if (!ID.test(String(context.id))) throw clinicError(BadRequest, 'invalid-request', 'id')
}

/**
 * `user-balance-history` (issue 16, item 6; docs/decisions/billing-payouts.md). find/get: any
 * signed-in person's own statement, another's with `balance-reports: view`; create (a payout or
 * a period close) with `balance-reports: create`; patch (a doctor's overrides) with
 * `balance-reports: edit`. Statements are computed, so there is nothing to publish: the screens
 * read again after their own writes.
 */
export function userBalanceHistory(app: Application) {
  registerService(app, userBalanceHistoryPath, new UserBalanceHistoryService(app), {
    methods: [...userBalanceHistoryMethods],
    // The payouts rollup (payout-stats.ts) is the ledger's: computed by its code, read by the payouts report.
    tables: [PAYOUT_RULES_TABLE, PAYOUT_PERIODS_TABLE, PAYOUT_LINES_TABLE, PAYOUTS_TABLE, PAYOUT_STATS_TABLE, PAYOUT_STATS_DIRTY_TABLE, PAYOUT_STATS_STATE_TABLE],
    // A frozen line names its patient: after a merge it names the record kept (the amounts stay).
    customerRows: [{ table: PAYOUT_LINES_TABLE, column: 'customerId' }],
    access: {
      data: { create: balanceHistoryDataSchema, patch: balanceRulesPatchSchema },
      methods: {
        find: { signedIn: true },
        get: { signedIn: true },
        create: { resource: 'balance-reports', flag: 'create' },
        patch: { resource: 'balance-reports', flag: 'edit' }
      },
      refuses: {
        update: 'rules are replaced as a list (patch); payouts and closes are never rewritten',
        remove: 'a payout or a closed period stays: a mistake is corrected by a new line'
      },
      module: 'billing'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(balanceHistoryQueryValidator), companyScope, whoseStatement],
        get: [schemaHooks.validateQuery(balanceHistoryQueryValidator), companyScope, whoseStatement],
        create: [schemaHooks.validateData(balanceHistoryDataValidator)],
        patch: [checkDoctorId, schemaHooks.validateData(balanceRulesPatchValidator)]
      }
    },
    publish: () => undefined
  })
}
