import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import type { MessageCode } from '../../../../../domain/messages'
import { perioChartProblems, type PerioChart, type PerioProblemReason } from '../../../../../domain/clinical/perio'
import { visibleCustomer } from '../../../hooks/customer-visibility'
import { dbOf } from '../../../hooks/call-transaction'
import { databaseEngine } from '../../../db'
import { companyTimeZoneFor } from '../../company/company/company-reads'
import { todayIn } from '../../customers/customers/customer-rules'
import { PERIO_TABLE, type PerioChartData } from './perio.class'

const problemCodes: Record<PerioProblemReason, MessageCode> = {
  unknownTooth: 'tooth-unknown',
  depthRange: 'perio-depth-range',
  marginRange: 'perio-margin-range',
  mobilityRange: 'perio-grade-range',
  furcationRange: 'perio-grade-range',
  furcationNotMultiRooted: 'perio-furcation-single-root',
  valuesOnMissingTooth: 'perio-values-on-missing',
  duplicateTooth: 'perio-duplicate-tooth'
}
const problemFields: Partial<Record<PerioProblemReason, string>> = {
  unknownTooth: 'tooth', duplicateTooth: 'tooth', depthRange: 'depth', marginRange: 'margin', mobilityRange: 'mobility',
  furcationRange: 'furcation', furcationNotMultiRooted: 'furcation'
}

/**
 * The teeth are a valid chart (domain/clinical/perio.ts): the first problem is refused with the
 * place it is at, `teeth.<index>[.sites.<site>].<field>`, so nothing out of range is ever stored.
 */
export function checkTeeth(context: HookContext) {
  const data = context.data as { teeth?: PerioChart['teeth'] }
  if (!data.teeth) return
  const [problem] = perioChartProblems({ teeth: data.teeth })
  if (!problem) return
  const index = problem.reason === 'duplicateTooth'
    ? data.teeth.map((entry) => entry.tooth).lastIndexOf(problem.tooth)
    : data.teeth.findIndex((entry) => entry.tooth === problem.tooth)
  const field = problemFields[problem.reason]
  const path = ['teeth', index, ...(problem.site ? ['sites', problem.site] : []), ...(field ? [field] : [])].join('.')
  throw clinicError(BadRequest, problemCodes[problem.reason], path, { tooth: problem.tooth })
}

/** A chart is written for a patient the caller sees; its day is today in the company's zone unless given. */
export async function newChartOfVisibleCustomer(context: HookContext) {
  const data = context.data as PerioChartData
  await visibleCustomer(context, data.customerId)
  if (!data.date) {
    const companyId = context.params.identity?.user.companyId ?? (data as { companyId?: string }).companyId ?? ''
    data.date = todayIn(await companyTimeZoneFor(dbOf(context.app, context.params), companyId, context.params))
  }
}

/**
 * Only a draft changes or goes: a closed chart is the record of that exam (PRODUCT-NOTES,
 * immutable once closed). Read in the call's transaction, locked on PostgreSQL, so a close and an
 * edit racing each other cannot both pass. Closing needs nothing else; reopening is refused.
 */
export async function draftOnly(context: HookContext) {
  const db = dbOf(context.app, context.params)
  const companyId = context.params.query?.companyId as string | undefined
  let query = db(PERIO_TABLE).where({ _id: String(context.id), ...(companyId ? { companyId } : {}) }).first('status')
  if (databaseEngine(db) === 'postgres') query = query.forUpdate()
  const row = await query
  if (row && row.status !== 'draft') throw clinicError(BadRequest, 'perio-chart-closed', context.method === 'patch' ? 'status' : undefined)
}
