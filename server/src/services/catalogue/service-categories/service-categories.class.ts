import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { ServiceCategory, ServiceCategoryData, ServiceCategoryPatch, ServiceCategoryQuery } from './service-categories.schema'

export type { ServiceCategory, ServiceCategoryData, ServiceCategoryPatch, ServiceCategoryQuery }
export type ServiceCategoryParams = RecordParams & { query?: ServiceCategoryQuery }

/**
 * Groups of the service catalogue. Removing a category moves it to trash; its services keep
 * their `categoryId` (no foreign key), so a restore brings the group back whole, and meanwhile
 * the lists show them as uncategorised.
 */
export class ServiceCategoryService extends RecordService<ServiceCategory, ServiceCategoryData, ServiceCategoryParams, ServiceCategoryPatch> {}

export const serviceCategoryServiceOptions = (app: Application) => recordOptions(app, 'service_categories')
