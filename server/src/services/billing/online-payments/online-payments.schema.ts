import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema } from '../../../schema/query'
import { CALLBACK_URL_PATTERN, MERCHANT_ID_PATTERN, onlinePaymentProviders, payLinkLanguages } from './online-payments.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))

/** A company's merchant account as a client sees it: never the key, only whether one is stored. */
export const paymentAccountSchema = Type.Object(
  {
    _id: literals(onlinePaymentProviders),
    provider: literals(onlinePaymentProviders),
    merchantId: Type.String(),
    keySet: Type.Boolean(),
    testMode: Type.Boolean(),
    callbackUrl: Type.String()
  },
  { $id: 'PaymentAccount', additionalProperties: false }
)
export type PaymentAccount = Static<typeof paymentAccountSchema>


/** Setting the account: the key is write-only ('' clears it, absent keeps it). */
export const paymentAccountPatchSchema = Type.Object(
  {
    merchantId: Type.Optional(Type.String({ pattern: MERCHANT_ID_PATTERN })),
    key: Type.Optional(Type.String({ maxLength: 200 })),
    testMode: Type.Optional(Type.Boolean()),
    /** Where the checkout sends the patient back (optional; https only). */
    callbackUrl: Type.Optional(Type.Union([Type.Literal(''), Type.String({ maxLength: 500, pattern: CALLBACK_URL_PATTERN })]))
  },
  { $id: 'PaymentAccountPatch', additionalProperties: false }
)
export type PaymentAccountPatch = Static<typeof paymentAccountPatchSchema>
export const paymentAccountPatchValidator = getValidator(paymentAccountPatchSchema, dataValidator)

/** The pay link of an invoice: the checkout URL for what it still asks. */
export const payLinkSchema = Type.Object(
  {
    invoiceId: IdSchema,
    number: Type.String(),
    provider: literals(onlinePaymentProviders),
    /** Minor units (tiyin for Payme): what the invoice still asks. */
    amount: Type.Integer(),
    url: Type.String()
  },
  { $id: 'PayLink', additionalProperties: false }
)
export type PayLink = Static<typeof payLinkSchema>

export const payLinkQuerySchema = Type.Object(
  { lang: Type.Optional(literals(payLinkLanguages)), companyId: Type.Optional(IdSchema) },
  { additionalProperties: false }
)
export type PayLinkQuery = Static<typeof payLinkQuerySchema>
export const payLinkQueryValidator = getValidator(payLinkQuerySchema, queryValidator)

export const onlinePaymentsQuerySchema = Type.Object({ companyId: Type.Optional(IdSchema) }, { additionalProperties: false })
export type OnlinePaymentsQuery = Static<typeof onlinePaymentsQuerySchema>
export const onlinePaymentsQueryValidator = getValidator(onlinePaymentsQuerySchema, queryValidator)
