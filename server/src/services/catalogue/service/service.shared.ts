import { clientService } from '../../../client-service'
import type { ClinicService, ClinicServiceData, ClinicServicePatch, ClinicServiceQuery, ServiceCatalogueService } from './service.class'

export type { ClinicService, ClinicServiceData, ClinicServicePatch, ClinicServiceQuery }

/** The spec's path (section 7) for the catalogue of services (treatments) a clinic offers. */
export const servicePath = 'service'
export const serviceMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type ServiceClientService = Pick<ServiceCatalogueService, (typeof serviceMethods)[number]>

/** Duration of one service, minutes. */
export const SERVICE_DURATION = { min: 5, max: 720 } as const
/** Time kept free after a service (cleaning the chair, say), minutes. */
export const SERVICE_BUFFER = { min: 0, max: 240 } as const
/** Longest code and description. */
export const MAX_SERVICE_CODE = 50
export const MAX_SERVICE_DESCRIPTION = 5000
export const serviceClient = clientService<ServiceClientService>()(servicePath, serviceMethods)
