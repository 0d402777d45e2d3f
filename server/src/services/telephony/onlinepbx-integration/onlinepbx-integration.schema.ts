import { Type, getValidator } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { ref } from '../../../schema/references'

const digits = (maxLength: number) => Type.String({ minLength: 1, maxLength, pattern: '^\\d+$' })

/** A patch: each field alone; secrets '' clear, absent keep. The domain's rule is the spec's (checked in the hook, with its message). */
export const onlinePbxPatchSchema = Type.Object(
  {
    domain: Type.Optional(Type.String({ maxLength: 100 })),
    apiKey: Type.Optional(Type.String({ maxLength: 200, pattern: '^[\\x21-\\x7e]*$' })),
    crmToken: Type.Optional(Type.String({ maxLength: 200, pattern: '^[\\x21-\\x7e]*$' })),
    lines: Type.Optional(Type.Array(Type.Object({ number: digits(20), branchId: ref('branches') }, { additionalProperties: false }), { maxItems: 50 })),
    extensions: Type.Optional(Type.Array(Type.Object({ userId: ref('users'), extension: digits(10) }, { additionalProperties: false }), { maxItems: 500 })),
    defaultBranchId: Type.Optional(Type.Union([ref('branches'), Type.Null()])),
    callbackAssigneeId: Type.Optional(Type.Union([ref('users'), Type.Null()]))
  },
  { $id: 'OnlinePbxIntegrationPatch', additionalProperties: false }
)
export const onlinePbxPatchValidator = getValidator(onlinePbxPatchSchema, dataValidator)

export const onlinePbxQuerySchema = Type.Object({ _id: Type.Optional(IdSchema), companyId: Type.Optional(IdSchema) }, { $id: 'OnlinePbxIntegrationQuery', additionalProperties: false })
export const onlinePbxQueryValidator = getValidator(onlinePbxQuerySchema, queryValidator)
