import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'

/** Query, strict: the patient (and the company, which tenancy sets from the caller). */
export const treatmentRecordQuerySchema = Type.Object(
  {
    companyId: Type.Optional(IdSchema),
    customerId: IdSchema
  },
  { $id: 'TreatmentRecordQuery', additionalProperties: false }
)
export type TreatmentRecordQuery = Static<typeof treatmentRecordQuerySchema>
export const treatmentRecordQueryValidator = getValidator(treatmentRecordQuerySchema, queryValidator)
