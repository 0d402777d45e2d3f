import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../validators'
import { IdSchema } from '../../schema/query'

// Data: which record stays and which one goes into it.
export const customersMergeDataSchema = Type.Object({ keepId: IdSchema, mergeId: IdSchema }, { $id: 'CustomersMergeData', additionalProperties: false })
export type CustomersMergeData = Static<typeof customersMergeDataSchema>
export const customersMergeDataValidator = getValidator(customersMergeDataSchema, dataValidator)
