import { clientService } from '../../../client-service'
import type { CustomersMergeData, CustomersMergeService } from './customers-merge.class'

export type { CustomersMergeData }

/**
 * `customers-merge`: `create({ keepId, mergeId })` merges the record `mergeId` into `keepId`
 * and answers with the kept customer. Irreversible: the merged record is archived with
 * `mergedInto: keepId` and can never be merged again.
 */
export const customersMergePath = 'customers-merge'
export const customersMergeMethods = ['create'] as const
export type CustomersMergeClientService = Pick<CustomersMergeService, (typeof customersMergeMethods)[number]>

export { mergeFillFields } from '../../../../../domain/customers/merge'
export const customersMergeClient = clientService<CustomersMergeClientService>()(customersMergePath, customersMergeMethods)
