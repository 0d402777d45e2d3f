import { clientService } from '../../../client-service'
import type { MyCompanyService } from './my-company.class'

export const myCompanyPath = 'my-company'
export const myCompanyMethods = ['get'] as const
export type MyCompanyClientService = Pick<MyCompanyService, (typeof myCompanyMethods)[number]>
export type { MyCompany } from './my-company.schema'
export { MINE } from '../company/company.shared'
export const myCompanyClient = clientService<MyCompanyClientService>()(myCompanyPath, myCompanyMethods)
