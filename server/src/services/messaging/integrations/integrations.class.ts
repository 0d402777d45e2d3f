/* eslint-disable @typescript-eslint/no-explicit-any */
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { MESSAGING_SETTINGS_TABLE, ensureSettingsRow } from './integration-store'
import type { Integration, IntegrationPatch, IntegrationQuery } from './integrations.schema'

export type { Integration, IntegrationPatch, IntegrationQuery }
export type IntegrationParams = RecordParams & { query?: IntegrationQuery }

/**
 * A company's messaging settings: one row, made with the defaults on the first read, so a
 * find always answers the company's one row.
 */
export class IntegrationService extends RecordService<Integration, Partial<Integration>, IntegrationParams, IntegrationPatch> {
  override async _find(params?: IntegrationParams & { paginate?: false }): Promise<any>
  override async _find(params?: IntegrationParams): Promise<any> {
    const companyId = (params?.query as Record<string, unknown> | undefined)?.companyId
    if (typeof companyId === 'string') await ensureSettingsRow(this.knexOf(params), companyId)
    return super._find(params as any)
  }
}

export const integrationServiceOptions = (app: Application) => recordOptions(app, MESSAGING_SETTINGS_TABLE, { trash: false })
