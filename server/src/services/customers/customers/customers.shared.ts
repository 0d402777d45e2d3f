import { clientService } from '../../../client-service'
import type { Customer, CustomerData, CustomerPatch, CustomerQuery, CustomerService } from './customers.class'

export type { Customer, CustomerData, CustomerPatch, CustomerQuery }
export type { CustomerDuplicateOf } from './customers.schema'

export const customerPath = 'customers'
export const customerMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type CustomerClientService = Pick<CustomerService, (typeof customerMethods)[number]>

/** Spec section 4, in precedence order: a merged record is merged even when archived. */
export const customerStatus = ['merged', 'archived', 'blacklisted', 'active'] as const
export type CustomerStatus = (typeof customerStatus)[number]

export const notificationChannels = ['sms', 'email', 'telegram', 'whatsapp'] as const
export type NotificationChannel = (typeof notificationChannels)[number]

export const genders = ['male', 'female'] as const

/** Longest `$regex` pattern accepted. */
export const MAX_REGEX_LENGTH = 100
/** Fields `$regex` may be used on. */
export const customerRegexFields = ['first_name', 'last_name', 'middle_name', 'phone', 'email'] as const
export const customerClient = clientService<CustomerClientService>()(customerPath, customerMethods, { branchScoped: true })
