/* eslint-disable @typescript-eslint/no-explicit-any */
import type { NullableId } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { catalogueSearchRange, normalizeCatalogueText } from '../../../../../domain/catalogue/search'
import type { TextTemplate, TextTemplateData, TextTemplatePatch, TextTemplateQuery } from './text-templates.schema'

export type { TextTemplate, TextTemplateData, TextTemplatePatch, TextTemplateQuery }
export type TextTemplateParams = RecordParams & { query?: TextTemplateQuery }

/** The hidden `searchTitle` column kept in step with the title on every write. */
const withSearchTitle = (data: any) =>
  data && typeof data === 'object' && !Array.isArray(data) && typeof data.title === 'string' ? { ...data, searchTitle: normalizeCatalogueText(data.title) } : data

/**
 * Text templates: records found by `$search`, a case-insensitive prefix of the title (a range on
 * the (companyId, searchTitle) index, as bundles are found by name).
 */
export class TextTemplateService extends RecordService<TextTemplate, TextTemplateData, TextTemplateParams, TextTemplatePatch> {
  override createQuery(params: TextTemplateParams = {}) {
    const { $search, ...query } = (params.query ?? {}) as Record<string, unknown> & { $search?: string }
    const builder = super.createQuery({ ...params, query } as TextTemplateParams)
    const range = typeof $search === 'string' ? catalogueSearchRange($search) : null
    if (range) builder.where('text_templates.searchTitle', '>=', range.from).andWhere('text_templates.searchTitle', '<', range.to)
    return builder
  }

  override async _create(data: any, params?: TextTemplateParams): Promise<any> {
    return super._create(Array.isArray(data) ? data.map(withSearchTitle) : withSearchTitle(data), params)
  }

  override async _patch(id: NullableId, data: any, params?: TextTemplateParams): Promise<any> {
    return super._patch(id, withSearchTitle(data), params)
  }

  override async _update(id: NullableId, data: any, params?: TextTemplateParams): Promise<any> {
    return super._update(id, withSearchTitle(data), params)
  }
}

export const textTemplateServiceOptions = (app: Application) => recordOptions(app, 'text_templates', { filters: { $search: (value: unknown) => value } })
export const textTemplateRowShape = { hidden: ['searchTitle'] }
