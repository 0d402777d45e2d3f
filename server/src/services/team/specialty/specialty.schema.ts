import { resolve } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { strictQuery } from '../../../schema/query'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'

// Main: what a specialty is (a doctor's field: therapist, surgeon, orthodontist...).
export const specialtySchema = Type.Object(
  { ...recordProperties, name: Type.String({ minLength: 1, maxLength: 200 }) },
  { $id: 'Specialty', additionalProperties: false }
)
export type Specialty = Static<typeof specialtySchema>
export const specialtyResolver = resolve<Specialty, HookContext>({})
export const specialtyExternalResolver = resolve<Specialty, HookContext>({})

// Data: what a client sends to create one.
export const specialtyDataSchema = Type.Pick(specialtySchema, ['name'], { $id: 'SpecialtyData', additionalProperties: false })
export type SpecialtyData = Static<typeof specialtyDataSchema>
export const specialtyDataValidator = getValidator(specialtyDataSchema, dataValidator)
export const specialtyDataResolver = resolve<Specialty, HookContext>({ ...recordCreateResolvers })

// Patch: what a client sends to change one.
export const specialtyPatchSchema = Type.Partial(specialtyDataSchema, { $id: 'SpecialtyPatch', additionalProperties: false })
export type SpecialtyPatch = Static<typeof specialtyPatchSchema>
export const specialtyPatchValidator = getValidator(specialtyPatchSchema, dataValidator)
export const specialtyPatchResolver = resolve<Specialty, HookContext>({ ...recordPatchResolvers })

// Query: what a client may ask for.
export const specialtyQueryProperties = Type.Pick(specialtySchema, ['_id', 'companyId', 'name', 'createdAt', 'updatedAt'])
export const specialtyQuerySchema = strictQuery(specialtyQueryProperties)
export type SpecialtyQuery = Static<typeof specialtyQuerySchema>
export const specialtyQueryValidator = getValidator(specialtyQuerySchema, queryValidator)
export const specialtyQueryResolver = resolve<SpecialtyQuery, HookContext>({})
