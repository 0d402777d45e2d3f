import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static, type TNumber, type TOptional } from '@feathersjs/typebox'
import { perioThresholdKeys, perioThresholds, type PerioThresholds } from '../../../../../domain/clinical/perio-thresholds'
import { xrayDoses, xrayTypes, type XrayType } from '../../../../../domain/clinical/xrays'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery, IdSchema, InstantSchema } from '../../../schema/query'
import { recordPatchResolvers } from '../../../schema/record'
import { companyModules } from './company.shared'
import {
  calendarDurationSteps,
  calendarHoursSteps,
  calendarSteps,
  calendarZooms,
  withCalendarDefaults
} from '../../../../../domain/schedule/calendar-settings'

// Generic, so the static type keeps the literals (step: 5 | 10 | ..., not number) and matches CalendarSettings.
const oneOf = <T extends number>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/** `settings.calendar`; a patch may send part of it (merged into the stored one: company.ts). */
export const calendarSettingsSchema = Type.Object(
  {
    zoom: Type.Optional(oneOf(calendarZooms)),
    step: Type.Optional(oneOf(calendarSteps)),
    durationStep: Type.Optional(oneOf(calendarDurationSteps)),
    hoursStep: Type.Optional(oneOf(calendarHoursSteps)),
    dayStart: Type.Optional(Type.String({ maxLength: 5 })),
    dayEnd: Type.Optional(Type.String({ maxLength: 5 })),
    workingDays: Type.Optional(Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { maxItems: 7, uniqueItems: true }))
  },
  { additionalProperties: false }
)

/** `settings.perioThresholds`: the perio chart's red values; a patch may send some (merged: company.ts). */
export const perioThresholdsSchema = Type.Object(
  Object.fromEntries(perioThresholdKeys.map((key) => [key, Type.Optional(Type.Number())])) as Record<keyof PerioThresholds, TOptional<TNumber>>,
  { additionalProperties: false }
)

/** `settings.xrayDoses`: each X-ray type's default dose (0.1 µSv); a patch may send some (merged: company.ts). */
export const xrayDosesSchema = Type.Object(
  Object.fromEntries(xrayTypes.map((type) => [type, Type.Optional(Type.Number())])) as Record<XrayType, TOptional<TNumber>>,
  { additionalProperties: false }
)

const modulesSchema = Type.Object(Object.fromEntries(companyModules.map((name) => [name, Type.Optional(Type.Boolean())])), { additionalProperties: false })
const settingsSchema = Type.Object(
  {
    phoneProtection: Type.Optional(Type.Boolean()),
    branchesSeeAllCustomers: Type.Optional(Type.Boolean()),
    requireCustomerSource: Type.Optional(Type.Boolean()),
    toothNumbering: Type.Optional(Type.Union([Type.Literal('FDI'), Type.Literal('American')])),
    calendar: Type.Optional(calendarSettingsSchema),
    perioThresholds: Type.Optional(perioThresholdsSchema),
    xrayDoses: Type.Optional(xrayDosesSchema),
    /** What doctors' payouts are a share of: invoiced amounts (default) or money paid (docs/decisions/billing-payouts.md). */
    payoutBase: Type.Optional(Type.Union([Type.Literal('billed'), Type.Literal('paid')])),
    /** Cash payments and refunds only into an open cash desk shift; off when absent (docs/decisions/billing-cash-desk.md). */
    cashNeedsOpenShift: Type.Optional(Type.Boolean()),
    /** A service marked "requires consent" is done only with the patient's signed consent for it; on when absent (docs/decisions/documents-consent-required.md). */
    treatmentNeedsSignedConsent: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)

export const companySchema = Type.Object(
  {
    _id: IdSchema,
    name: Type.String({ minLength: 1, maxLength: 200 }),
    phone: Type.String({ maxLength: 32 }),
    email: Type.String({ maxLength: 254 }),
    currency: Type.String({ minLength: 3, maxLength: 8 }),
    timezone: Type.String({ minLength: 1, maxLength: 64 }),
    locale: Type.Union([Type.Literal('en'), Type.Literal('ru'), Type.Literal('ru1'), Type.Literal('fi'), Type.Literal('uz')]),
    modules: modulesSchema,
    settings: settingsSchema,
    subscriptionEndsAt: Type.Union([InstantSchema, Type.Null()]),
    createdAt: InstantSchema,
    updatedAt: InstantSchema,
    createdBy: Type.Union([IdSchema, Type.Null()])
  },
  { $id: 'Company', additionalProperties: false }
)
export type Company = Static<typeof companySchema>
/** A company made before the calendar settings existed reads them as the defaults. */
export const companyResolver = resolve<Company, HookContext>({
  settings: async (value) => (value ? { ...value, calendar: withCalendarDefaults(value.calendar), perioThresholds: perioThresholds(value.perioThresholds), xrayDoses: xrayDoses(value.xrayDoses) } : value)
})
export const companyExternalResolver = resolve<Company, HookContext>({})

// Patch: the subscription end is the vendor's to set, never the clinic's.
export const companyPatchSchema = Type.Partial(Type.Pick(companySchema, ['name', 'phone', 'email', 'currency', 'timezone', 'locale', 'modules', 'settings']), {
  $id: 'CompanyPatch',
  additionalProperties: false
})
export type CompanyPatch = Static<typeof companyPatchSchema>
export const companyPatchValidator = getValidator(companyPatchSchema, dataValidator)
export const companyPatchResolver = resolve<Company, HookContext>({
  ...recordPatchResolvers,
  // Partial module or settings maps are merged into the stored ones, not replacing them.
  modules: async (value, _data, context) => (value ? { ...context.params.identity?.company.modules, ...value } : value),
  settings: async (value, _data, context) => (value ? { ...context.params.identity?.company.settings, ...value } : value)
})

export const companyQuerySchema = strictQuery(Type.Pick(companySchema, ['_id', 'name']))
export type CompanyQuery = Static<typeof companyQuerySchema>
export const companyQueryValidator = getValidator(companyQuerySchema, queryValidator)
