import { clientService } from '../../../client-service'
import type { ServiceCategory, ServiceCategoryData, ServiceCategoryPatch, ServiceCategoryQuery, ServiceCategoryService } from './service-categories.class'

export type { ServiceCategory, ServiceCategoryData, ServiceCategoryPatch, ServiceCategoryQuery }

export const serviceCategoryPath = 'service-categories'
export const serviceCategoryMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type ServiceCategoryClientService = Pick<ServiceCategoryService, (typeof serviceCategoryMethods)[number]>
export const serviceCategoryClient = clientService<ServiceCategoryClientService>()(serviceCategoryPath, serviceCategoryMethods)
