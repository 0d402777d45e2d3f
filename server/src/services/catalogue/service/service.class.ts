/* eslint-disable @typescript-eslint/no-explicit-any */
import type { NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { catalogueSearchRange, normalizeCatalogueText } from '../../../../../domain/catalogue/search'
import type { ClinicService, ClinicServiceData, ClinicServicePatch, ClinicServiceQuery } from './service.schema'

export type { ClinicService, ClinicServiceData, ClinicServicePatch, ClinicServiceQuery }
export type ServiceParams = RecordParams & { query?: ClinicServiceQuery }

/** The hidden search columns derived from what a write sets (kept in step on every write). */
export function serviceSearchColumns(data: Record<string, unknown>): Record<string, string> {
  const columns: Record<string, string> = {}
  if (typeof data.name === 'string') columns.searchName = normalizeCatalogueText(data.name)
  if (data.code !== undefined) columns.searchCode = normalizeCatalogueText(data.code as string | null)
  return columns
}

const withSearchColumns = (data: any) => (data && typeof data === 'object' && !Array.isArray(data) ? { ...data, ...serviceSearchColumns(data) } : data)

/**
 * The service catalogue. `$search` is a case-insensitive prefix of the name or the code, read
 * as two index ranges on (companyId, searchName) and (companyId, searchCode), each OR branch
 * naming the company so both engines union the two index reads.
 */
export class ServiceCatalogueService extends RecordService<ClinicService, ClinicServiceData, ServiceParams, ClinicServicePatch> {
  override createQuery(params: ServiceParams = {} as ServiceParams) {
    const { $search, ...query } = (params.query ?? {}) as ClinicServiceQuery & { $search?: string }
    const builder = super.createQuery({ ...params, query } as ServiceParams)
    const range = typeof $search === 'string' ? catalogueSearchRange($search) : null
    if (range) {
      const companyId = query.companyId as string | undefined
      builder.where((any) => {
        for (const column of ['services.searchName', 'services.searchCode']) {
          any.orWhere((branch) => {
            if (companyId) branch.where('services.companyId', companyId)
            branch.where(column, '>=', range.from).andWhere(column, '<', range.to)
          })
        }
      })
    }
    return builder
  }

  override async _create(data: any, params?: ServiceParams): Promise<any> {
    return super._create(Array.isArray(data) ? data.map(withSearchColumns) : withSearchColumns(data), params)
  }

  override async _patch(id: NullableId, data: any, params?: ServiceParams): Promise<any> {
    return super._patch(id, withSearchColumns(data), params)
  }

  override async _update(id: NullableId, data: any, params?: ServiceParams): Promise<any> {
    return super._update(id, withSearchColumns(data), params)
  }
}

export const serviceServiceOptions = (app: Application) => recordOptions(app, 'services', { filters: { $search: (value: unknown) => value } })

export const serviceRowShape = {
  boolean: ['public', 'staticPrice', 'staticDuration', 'requiresConsent', 'archived'],
  hidden: ['searchName', 'searchCode']
}
