import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator } from '../../../validators'

/** Spec section 5: registration requires company name, phone, e-mail, first and last name. */
export const registrationDataSchema = Type.Object(
  {
    companyName: Type.String({ minLength: 1, maxLength: 200 }),
    phone: Type.String({ minLength: 1, maxLength: 32 }),
    email: Type.String({ minLength: 1, maxLength: 254 }),
    first_name: Type.String({ minLength: 1, maxLength: 100 }),
    last_name: Type.String({ minLength: 1, maxLength: 100 }),
    password: Type.String({ minLength: 1, maxLength: 200 }),
    passwordConfirmation: Type.Optional(Type.String({ maxLength: 200 })),
    locale: Type.Optional(Type.Union([Type.Literal('en'), Type.Literal('ru'), Type.Literal('ru1'), Type.Literal('fi'), Type.Literal('uz')])),
    timezone: Type.Optional(Type.String({ maxLength: 64 }))
  },
  { $id: 'RegistrationData', additionalProperties: false }
)
export type RegistrationData = Static<typeof registrationDataSchema>
export const registrationDataValidator = getValidator(registrationDataSchema, dataValidator)

export interface RegistrationResult {
  companyId: string
  branchId: string
  userId: string
  email: string
}
