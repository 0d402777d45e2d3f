import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { companySchema } from '../company/company.schema'
import { withCalendarDefaults } from '../../../../../domain/schedule/calendar-settings'
import { perioThresholds } from '../../../../../domain/clinical/perio-thresholds'

/** Main: what every signed-in screen needs about the current company, with its size. */
export const myCompanySchema = Type.Intersect(
  [
    Type.Pick(companySchema, ['_id', 'name', 'modules', 'settings', 'timezone', 'currency', 'locale', 'subscriptionEndsAt']),
    Type.Object({
      /** Branches in use (not archived). */
      branchCount: Type.Integer({ minimum: 0 }),
      /** Active team members (not archived). */
      teamCount: Type.Integer({ minimum: 0 })
    })
  ],
  { $id: 'MyCompany', additionalProperties: false }
)
export type MyCompany = Static<typeof myCompanySchema>
/** A company made before the calendar settings existed reads them as the defaults. */
export const myCompanyResolver = resolve<MyCompany, HookContext>({
  settings: async (value) => (value ? { ...value, calendar: withCalendarDefaults(value.calendar), perioThresholds: perioThresholds(value.perioThresholds) } : value)
})
export const myCompanyExternalResolver = resolve<MyCompany, HookContext>({})

// Query: nothing to ask for; tenancy adds companyId.
export const myCompanyQuerySchema = Type.Object({ companyId: Type.Optional(IdSchema) }, { $id: 'MyCompanyQuery', additionalProperties: false })
export type MyCompanyQuery = Static<typeof myCompanyQuerySchema>
export const myCompanyQueryValidator = getValidator(myCompanyQuerySchema, queryValidator)
