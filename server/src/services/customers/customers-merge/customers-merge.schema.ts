import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../../validators'
import { ref } from '../../../schema/references'

// Data: which record stays and which one goes into it.
export const customersMergeDataSchema = Type.Object({ keepId: ref('customers'), mergeId: ref('customers') }, { $id: 'CustomersMergeData', additionalProperties: false })
export type CustomersMergeData = Static<typeof customersMergeDataSchema>
export const customersMergeDataValidator = getValidator(customersMergeDataSchema, dataValidator)
