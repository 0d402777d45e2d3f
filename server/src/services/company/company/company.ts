import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { BadRequest } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { calendarSettingsProblem, withCalendarDefaults, type CalendarSettings } from '../../../../../domain/schedule/calendar-settings'
import { checkId } from '../../../hooks/check-id'
import { perioThresholdProblem, perioThresholds, type PerioThresholds } from '../../../../../domain/clinical/perio-thresholds'
import { xrayDoses, xrayDosesProblem, type XrayDoses } from '../../../../../domain/clinical/xrays'
import { companyChannel } from '../../../channels'
import { CompanyService, companyRowShape, companyServiceOptions } from './company.class'
import { companyExternalResolver, companyPatchResolver, companyPatchValidator, companyQueryValidator, companyResolver, companyPatchSchema } from './company.schema'
import { MINE, companyMethods, companyPath } from './company.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [companyPath]: CompanyService
  }
}

/**
 * Tenancy for the company itself: its own `_id` is the company filter, and the id 'mine'
 * (spec: the 'mine' company is the current one) names it.
 */
async function ownCompanyOnly(context: HookContext) {
  const identity = context.params.identity
  if (context.id === MINE && identity) context.id = identity.user.companyId
  if (!context.params.provider || !identity) return
  context.params.query = { ...(context.params.query ?? {}), _id: identity.user.companyId }
}

/**
 * `settings.calendar` in a patch may be partial: it is merged into the stored calendar settings
 * (or the defaults), the whole checked (a day that starts before it ends, some working day),
 * and stored whole, working days in order.
 */
async function checkCalendarSettings(context: HookContext) {
  const data = context.data as { settings?: { calendar?: Partial<CalendarSettings> } } | undefined
  const calendar = data?.settings?.calendar
  if (!data?.settings || !calendar) return
  const stored = context.params.identity?.company.settings.calendar as Partial<CalendarSettings> | undefined
  const merged = withCalendarDefaults({ ...stored, ...calendar })
  const problem = calendarSettingsProblem(merged)
  if (problem) throw clinicError(BadRequest, problem.code, `settings.calendar.${problem.path}`)
  context.data = { ...data, settings: { ...data.settings, calendar: { ...merged, workingDays: [...merged.workingDays].sort((a, b) => a - b) } } }
}

/**
 * `settings.perioThresholds` in a patch may be partial: merged into the stored thresholds (or the
 * defaults), each a whole number within its limits (perioThresholdLimits), stored whole.
 */
async function checkPerioThresholds(context: HookContext) {
  const data = context.data as { settings?: { perioThresholds?: Partial<Record<keyof PerioThresholds, unknown>> } } | undefined
  const given = data?.settings?.perioThresholds
  if (!data?.settings || !given) return
  const wrong = perioThresholdProblem(given)
  if (wrong) throw clinicError(BadRequest, 'perio-threshold-range', `settings.perioThresholds.${wrong}`)
  const stored = context.params.identity?.company.settings.perioThresholds as Partial<PerioThresholds> | undefined
  context.data = { ...data, settings: { ...data.settings, perioThresholds: perioThresholds({ ...stored, ...(given as Partial<PerioThresholds>) }) } }
}

/**
 * `settings.xrayDoses` in a patch may be partial: merged into the stored doses (or the defaults),
 * each a whole number of 0.1 µSv within the dose limits, stored whole.
 */
async function checkXrayDoses(context: HookContext) {
  const data = context.data as { settings?: { xrayDoses?: Partial<Record<string, unknown>> } } | undefined
  const given = data?.settings?.xrayDoses
  if (!data?.settings || !given) return
  const wrong = xrayDosesProblem(given)
  if (wrong) throw clinicError(BadRequest, 'xray-dose-range', `settings.xrayDoses.${wrong}`)
  const stored = context.params.identity?.company.settings.xrayDoses as Partial<XrayDoses> | undefined
  context.data = { ...data, settings: { ...data.settings, xrayDoses: xrayDoses({ ...stored, ...given }) } }
}

/** `company`: the clinic's own record (name, contacts, timezone, currency, modules, settings). */
export function company(app: Application) {
  registerService(app, companyPath, new CompanyService(companyServiceOptions(app), companyRowShape), {
    methods: [...companyMethods],
    tables: ['companies'],
    access: {
      refuses: { update: 'created by registration; its settings change field by field, a replacement would restate them all' }, data: { patch: companyPatchSchema },
      methods: {
        find: { signedIn: true },
        get: { signedIn: true },
        patch: { resource: 'company', flag: 'edit' }
      }
    },
    hooks: {
      around: {
        all: [
          resolveExternal(companyExternalResolver),
          resolveResult(companyResolver)
        ]
      },
      before: {
        all: [checkId(MINE), schemaHooks.validateQuery(companyQueryValidator), ownCompanyOnly],
        patch: [schemaHooks.validateData(companyPatchValidator), checkCalendarSettings, checkPerioThresholds, checkXrayDoses, schemaHooks.resolveData(companyPatchResolver)]
      }
    },
    publish: (data) => app.channel(companyChannel(String((data as { _id: string })._id)))
  })
}
