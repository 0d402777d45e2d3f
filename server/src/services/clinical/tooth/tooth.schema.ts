import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordProperties } from '../../../schema/record'
import { conditionCodes, findingStatuses, toothConditions } from '../../../../../domain/clinical/conditions'
import { surfaceCodes } from '../../../../../domain/clinical/surfaces'
import { MAX_TEETH_PER_CALL, MAX_TOOTH_NOTE_LENGTH } from './tooth.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <S extends Parameters<typeof Type.Union>[0][number]>(schema: S) => Type.Union([schema, Type.Null()])

// Main: one chart event (domain/clinical/chart-events.ts); `createdBy` is who charted it.
export const toothEventSchema = Type.Object(
  {
    ...recordProperties,
    customerId: ref('customers'),
    /** FDI tooth number. */
    tooth: Type.Integer(),
    action: literals(['add', 'remove'] as const),
    code: nullable(literals(conditionCodes)),
    condition: nullable(literals(toothConditions)),
    status: nullable(literals(findingStatuses)),
    surfaces: Type.Array(literals(surfaceCodes)),
    degree: nullable(Type.Integer({ minimum: 1, maximum: 3 })),
    note: nullable(Type.String({ maxLength: MAX_TOOTH_NOTE_LENGTH })),
    /** The visit it was charted in; kept for the exam and treatment services, which set it (not clients yet). */
    appointmentId: nullable(IdSchema),
    /** For `remove`: the `add` event it ends. */
    endsEventId: nullable(IdSchema)
  },
  { $id: 'ToothEvent', additionalProperties: false }
)
export type ToothEvent = Static<typeof toothEventSchema>
export const toothEventResolver = resolve<ToothEvent, HookContext>({})
export const toothEventExternalResolver = resolve<ToothEvent, HookContext>({})

/**
 * Data: one call charts one thing on one or several teeth (`teeth`, each with its own surfaces,
 * as the odontogram's selection gives them), written as one event per tooth in the call's
 * transaction; or ends one earlier event (`action: 'remove'`, `endsEventId`). Code, condition
 * and surfaces are plain strings here so that the domain check names what is wrong with them.
 */
export const toothEventDataSchema = Type.Object(
  {
    customerId: ref('customers'),
    action: Type.Optional(literals(['add', 'remove'] as const)),
    teeth: Type.Optional(Type.Array(
      Type.Object({ tooth: Type.Integer(), surfaces: Type.Optional(Type.Array(Type.String({ maxLength: 2 }), { maxItems: 8 })) }, { additionalProperties: false }),
      { minItems: 1, maxItems: MAX_TEETH_PER_CALL }
    )),
    code: Type.Optional(Type.String({ maxLength: 4 })),
    condition: Type.Optional(Type.String({ maxLength: 32 })),
    status: Type.Optional(literals(findingStatuses)),
    degree: Type.Optional(Type.Integer()),
    note: Type.Optional(Type.String({ maxLength: MAX_TOOTH_NOTE_LENGTH })),
    endsEventId: Type.Optional(ref('tooth'))
  },
  { $id: 'ToothEventData', additionalProperties: false }
)
export type ToothEventData = Static<typeof toothEventDataSchema>
export const toothEventDataValidator = getValidator(toothEventDataSchema, dataValidator)

// Query: a patient's events; "the chart as of" is `createdAt: { $lte: instant }` (see the decision).
export const toothEventQueryProperties = Type.Pick(toothEventSchema, ['_id', 'companyId', 'customerId', 'tooth', 'action', 'code', 'status', 'appointmentId', 'createdAt', 'createdBy'])
export const toothEventQuerySchema = strictQuery(toothEventQueryProperties)
export type ToothEventQuery = Static<typeof toothEventQuerySchema>
export const toothEventQueryValidator = getValidator(toothEventQuerySchema, queryValidator)
