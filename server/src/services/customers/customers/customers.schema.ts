import { resolve, virtual } from '@feathersjs/schema'
import { Type, getValidator, type Static } from '@feathersjs/typebox'
import type { HookContext } from '../../../declarations'
import { dataValidator, queryValidator } from '../../../validators'
import { ClientKeySchema, IdSchema, strictQuery } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { recordCreateResolvers, recordPatchResolvers, recordProperties } from '../../../schema/record'
import { normalizeEmail } from '../../../../../domain/validation/email'
import { normalizePhone } from '../../../../../domain/validation/phone'
import { randomCustomerColor } from '../../../../../domain/customers/colors'
import { MAX_SEARCH_LENGTH } from '../../../../../domain/customers/search-terms'
import { customerStatus, notificationChannels, MAX_REGEX_LENGTH } from './customers.shared'
import { phoneHiddenFrom } from './customer-phone'

const text = (maxLength: number) => Type.String({ maxLength })
const name = Type.String({ minLength: 1, maxLength: 100 })

/** A customer or patient (spec section 3), in the API's shape. */
export const customerSchema = Type.Object(
  {
    ...recordProperties,
    branchId: ref('branches'),
    first_name: name,
    last_name: name,
    middle_name: text(100),
    gender: Type.Union([Type.Literal('male'), Type.Literal('female'), Type.Null()]),
    birthdate: Type.Union([Type.String({ format: 'date' }), Type.Null()]),
    /** Normalised digits, '' when none; null when phone protection hides it from the caller. */
    phone: Type.Union([Type.String({ maxLength: 32 }), Type.Null()]),
    email: text(254),
    address: text(500),
    passportNumber: text(50),
    passportIssuer: text(300),
    profession: text(200),
    blacklisted: Type.Boolean(),
    smsConsent: Type.Boolean(),
    promoSmsConsent: Type.Boolean(),
    sourceId: Type.Union([ref('sources'), Type.Null()]),
    tagIds: Type.Array(ref('tags'), { maxItems: 50, uniqueItems: true }),
    serviceLanguage: Type.Union([Type.String({ minLength: 1, maxLength: 16 }), Type.Null()]),
    notificationChannels: Type.Array(Type.Union(notificationChannels.map((channel) => Type.Literal(channel))), { maxItems: 4, uniqueItems: true }),
    telegramAccount: text(100),
    discount: Type.Integer({ minimum: 0, maximum: 100 }),
    /** Minor units of the company currency; changed by billing, never by a client. */
    balance: Type.Integer(),
    debt: Type.Integer(),
    archived: Type.Boolean(),
    mergedInto: Type.Union([IdSchema, Type.Null()]),
    color: Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }),
    /** Custom field `_id` -> value (the `fields` service describes them). */
    customFields: Type.Record(Type.String({ maxLength: 36 }), Type.Unknown(), { maxProperties: 200 }),
    status: Type.Union(customerStatus.map((status) => Type.Literal(status))),
    phoneHidden: Type.Boolean(),
    /**
     * The health card holds an allergy or a flagged condition (health-card service, which alone
     * sets it). A non-clinical flag for everyone who books: docs/decisions/clinical-health-card.md.
     */
    medicalAlert: Type.Boolean()
  },
  { $id: 'Customer', additionalProperties: false }
)
export type Customer = Static<typeof customerSchema>
export const customerResolver = resolve<Customer, HookContext>({
  status: virtual(async (customer) => (customer.mergedInto ? 'merged' : customer.archived ? 'archived' : customer.blacklisted ? 'blacklisted' : 'active')),
  phoneHidden: virtual(async () => false)
})
/** Phone protection (customer-phone.ts decides per call): the phone goes, a flag says so. */
export const customerExternalResolver = resolve<Customer, HookContext>({
  phone: async (value, _customer, context) => (phoneHiddenFrom(context) ? null : value),
  phoneHidden: async (value, _customer, context) => (phoneHiddenFrom(context) ? true : value)
})

/** What a client may set. balance, debt, mergedInto and status are the server's. */
export const customerEditable = [
  'branchId', 'first_name', 'last_name', 'middle_name', 'gender', 'birthdate', 'phone', 'email', 'address',
  'passportNumber', 'passportIssuer', 'profession', 'blacklisted', 'smsConsent', 'promoSmsConsent', 'sourceId',
  'tagIds', 'serviceLanguage', 'notificationChannels', 'telegramAccount', 'discount', 'archived', 'color', 'customFields'
] as const

const editableSchema = Type.Pick(customerSchema, [...customerEditable])
/** Phone as typed (punctuation allowed; normalised on the server). */
const typedPhone = Type.String({ maxLength: 32 })

export const customerDataSchema = Type.Intersect(
  [
    Type.Pick(editableSchema, ['first_name', 'last_name']),
    Type.Partial(Type.Omit(editableSchema, ['first_name', 'last_name', 'phone'])),
    Type.Object({ phone: Type.Optional(typedPhone) }),
    // Made once per key (client-keys.ts).
    Type.Object({ clientKey: Type.Optional(ClientKeySchema) })
  ],
  { $id: 'CustomerData', additionalProperties: false }
)
export type CustomerData = Static<typeof customerDataSchema>
export const customerDataValidator = getValidator(customerDataSchema, dataValidator)
export const customerDataResolver = resolve<Customer, HookContext>({
  ...recordCreateResolvers,
  middle_name: async (value) => value ?? '',
  gender: async (value) => value ?? null,
  birthdate: async (value) => value ?? null,
  phone: async (value) => normalizePhone(value ?? ''),
  email: async (value) => normalizeEmail(value ?? ''),
  address: async (value) => value ?? '',
  passportNumber: async (value) => value ?? '',
  passportIssuer: async (value) => value ?? '',
  profession: async (value) => value ?? '',
  blacklisted: async (value) => value ?? false,
  smsConsent: async (value) => value ?? true,
  promoSmsConsent: async (value) => value ?? false,
  sourceId: async (value) => value ?? null,
  tagIds: async (value) => value ?? [],
  serviceLanguage: async (value) => value ?? null,
  notificationChannels: async (value) => value ?? ['sms'],
  telegramAccount: async (value) => value ?? '',
  discount: async (value) => value ?? 0,
  balance: async () => 0,
  debt: async () => 0,
  archived: async (value) => value ?? false,
  mergedInto: async () => null,
  color: async (value) => value ?? randomCustomerColor(),
  customFields: async (value) => value ?? {},
  medicalAlert: async () => false
})

export const customerPatchSchema = Type.Intersect(
  [
    Type.Partial(Type.Omit(editableSchema, ['phone'])),
    // null: "leave the phone as it is" (what a form sends back for a hidden phone).
    Type.Object({ phone: Type.Optional(Type.Union([typedPhone, Type.Null()])) })
  ],
  { $id: 'CustomerPatch', additionalProperties: false }
)
export type CustomerPatch = Static<typeof customerPatchSchema>
export const customerPatchValidator = getValidator(customerPatchSchema, dataValidator)
export const customerPatchResolver = resolve<Customer, HookContext>({
  ...recordPatchResolvers,
  phone: async (value) => (typeof value === 'string' ? normalizePhone(value) : undefined),
  email: async (value) => (value === undefined ? value : normalizeEmail(value))
})

const queryable = Type.Pick(customerSchema, [
  '_id', 'companyId', 'branchId', 'first_name', 'last_name', 'middle_name', 'gender', 'birthdate', 'phone', 'email',
  'blacklisted', 'archived', 'mergedInto', 'sourceId', 'serviceLanguage', 'smsConsent', 'promoSmsConsent', 'discount',
  'balance', 'debt', 'color', 'medicalAlert', 'createdAt', 'updatedAt', 'createdBy'
])
/** `$regex` (with `$options: 'i'`) on name, phone and e-mail fields (spec section 7). */
const regex = { $regex: Type.String({ minLength: 1, maxLength: MAX_REGEX_LENGTH }), $options: Type.Union([Type.Literal('i'), Type.Literal('')]) }
/**
 * `$duplicateOf`: the customers who may be the person a create form describes: the same phone
 * (a whole number, in any of its stored forms), or the same first and last name (as the search
 * normalises them) and birth date. Used by the form to warn before a duplicate is created
 * (customer-duplicates.ts); a query naming neither a phone nor all three is refused.
 */
export const customerDuplicateOfSchema = Type.Object(
  {
    phone: Type.Optional(Type.String({ maxLength: 32, pattern: '^[\\d\\s+()-]*$' })),
    first_name: Type.Optional(name),
    last_name: Type.Optional(name),
    birthdate: Type.Optional(Type.String({ format: 'date' }))
  },
  { additionalProperties: false }
)
export type CustomerDuplicateOf = Static<typeof customerDuplicateOfSchema>
export const customerQuerySchema = strictQuery(
  queryable,
  { first_name: regex, last_name: regex, middle_name: regex, phone: regex, email: regex },
  { $search: Type.String({ maxLength: MAX_SEARCH_LENGTH }), $duplicateOf: customerDuplicateOfSchema }
)
export type CustomerQuery = Static<typeof customerQuerySchema>
export const customerQueryValidator = getValidator(customerQuerySchema, queryValidator)
