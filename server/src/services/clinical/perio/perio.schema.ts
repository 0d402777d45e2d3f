import { resolve } from '@feathersjs/schema'
import { now } from '../../../hooks/ids'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { InstantSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { perioIndices, perioSites, type PerioChart } from '../../../../../domain/clinical/perio'
import { MAX_PERIO_NOTE_LENGTH, MAX_PERIO_TEETH, perioStatuses } from './perio.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])
const LocalDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' })

/**
 * One probing site as stored: numbers are plain integers here so that the domain's check
 * (perioChartProblems) names what is out of range and where. No CAL: it is computed, never sent.
 */
const siteSchema = Type.Object(
  {
    depth: nullable(Type.Integer()),
    margin: nullable(Type.Integer()),
    bleeding: Type.Boolean(),
    suppuration: Type.Boolean(),
    plaque: Type.Boolean(),
    calculus: Type.Boolean()
  },
  { additionalProperties: false }
)
const toothSchema = Type.Object(
  {
    tooth: Type.Integer(),
    sites: Type.Object(Object.fromEntries(perioSites.map((site) => [site, Type.Optional(siteSchema)])), { additionalProperties: false }),
    mobility: nullable(Type.Integer()),
    furcation: nullable(Type.Integer()),
    missing: Type.Optional(Type.Boolean()),
    implant: Type.Optional(Type.Boolean())
  },
  { additionalProperties: false }
)
export const perioTeethSchema = Type.Array(toothSchema, { maxItems: MAX_PERIO_TEETH })

const siteIndexSchema = Type.Object({ marked: Type.Integer(), available: Type.Integer(), percent: nullable(Type.Integer()) })

// Main: one perio exam of a patient on a day (domain/clinical/perio.ts's PerioChart in `teeth`).
export const perioChartSchema = Type.Object(
  {
    ...recordProperties,
    customerId: ref('customers'),
    /** Who probed: the caller unless named. */
    doctorId: ref('users'),
    appointmentId: nullable(ref('appointment')),
    /** The exam's day, company-local. */
    date: LocalDate,
    status: literals(perioStatuses),
    teeth: perioTeethSchema,
    note: Type.String({ maxLength: MAX_PERIO_NOTE_LENGTH }),
    closedAt: nullable(InstantSchema),
    closedBy: nullable(ref('users')),
    /** Computed on every read from `teeth` (BOP %, plaque %, ...): never stored, never accepted. */
    indices: Type.Optional(Type.Object({ bleeding: siteIndexSchema, plaque: siteIndexSchema, suppuration: siteIndexSchema, calculus: siteIndexSchema }))
  },
  { $id: 'PerioChart', additionalProperties: false }
)
export type PerioChartRecord = Static<typeof perioChartSchema>
export const perioChartResolver = resolve<PerioChartRecord, HookContext>({
  indices: async (_value, chart) => (Array.isArray(chart.teeth) ? perioIndices(chart as unknown as PerioChart) : undefined)
})
export const perioChartExternalResolver = resolve<PerioChartRecord, HookContext>({})

// Data: a new draft for a patient; the day defaults to today (company-local), the doctor to the caller.
export const perioChartDataSchema = Type.Object(
  {
    customerId: ref('customers'),
    doctorId: Type.Optional(ref('users')),
    appointmentId: Type.Optional(nullable(ref('appointment'))),
    date: Type.Optional(LocalDate),
    teeth: Type.Optional(perioTeethSchema),
    note: Type.Optional(Type.String({ maxLength: MAX_PERIO_NOTE_LENGTH }))
  },
  { $id: 'PerioChartData', additionalProperties: false }
)
export type PerioChartData = Static<typeof perioChartDataSchema>
export const perioChartDataValidator = getValidator(perioChartDataSchema, dataValidator)
export const perioChartDataResolver = resolve<PerioChartRecord, HookContext>({
  ...recordCreateResolvers,
  doctorId: async (value, _data, context) => value ?? context.params.identity?.user._id,
  appointmentId: async (value) => value ?? null,
  status: async () => 'draft' as const,
  teeth: async (value) => value ?? [],
  note: async (value) => value?.trim() ?? '',
  closedAt: async () => null,
  closedBy: async () => null
})

// Patch: a draft's values as entered; `status: 'closed'` closes it (stamped now, by the caller).
export const perioChartPatchSchema = Type.Object(
  {
    doctorId: Type.Optional(ref('users')),
    appointmentId: Type.Optional(nullable(ref('appointment'))),
    date: Type.Optional(LocalDate),
    teeth: Type.Optional(perioTeethSchema),
    note: Type.Optional(Type.String({ maxLength: MAX_PERIO_NOTE_LENGTH })),
    status: Type.Optional(literals(perioStatuses))
  },
  { $id: 'PerioChartPatch', additionalProperties: false }
)
export type PerioChartPatch = Static<typeof perioChartPatchSchema>
export const perioChartPatchValidator = getValidator(perioChartPatchSchema, dataValidator)
export const perioChartPatchResolver = resolve<PerioChartRecord, HookContext>({
  ...recordPatchResolvers,
  note: async (value) => value?.trim(),
  closedAt: async (_value, data) => (data.status === 'closed' ? now() : undefined),
  closedBy: async (_value, data, context) => (data.status === 'closed' ? context.params.identity?.user._id ?? null : undefined)
})

// Query: a patient's charts, newest day first by default.
export const perioChartQueryProperties = Type.Pick(perioChartSchema, ['_id', 'companyId', 'customerId', 'doctorId', 'appointmentId', 'date', 'status', 'createdAt', 'updatedAt'])
export const perioChartQuerySchema = strictQuery(perioChartQueryProperties)
export type PerioChartQuery = Static<typeof perioChartQuerySchema>
export const perioChartQueryValidator = getValidator(perioChartQuerySchema, queryValidator)
