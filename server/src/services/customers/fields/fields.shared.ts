import { clientService } from '../../../client-service'
import type { CustomField, CustomFieldData, CustomFieldPatch, CustomFieldQuery, CustomFieldService } from './fields.class'

export type { CustomField, CustomFieldData, CustomFieldPatch, CustomFieldQuery }
export { customFieldTypes, type CustomFieldType, type CustomFieldShowIf } from '../../../../../domain/customers/custom-fields'

export const customFieldPath = 'fields'
export const customFieldMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type CustomFieldClientService = Pick<CustomFieldService, (typeof customFieldMethods)[number]>
export const customFieldClient = clientService<CustomFieldClientService>()(customFieldPath, customFieldMethods)
