import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { likeEscape, whereLike } from '../icd/code-list.class'
import { TREATMENT_TABLE, treatmentRowShape } from './treatment-rows'
import type { TreatmentLine, TreatmentLineData, TreatmentLinePatch, TreatmentLineQuery } from './treatment.schema'

export type { TreatmentLine, TreatmentLineData, TreatmentLinePatch, TreatmentLineQuery }
export type TreatmentParams = RecordParams & { query?: TreatmentLineQuery }

type TextCondition = { $regex?: string; $options?: string } & Record<string, unknown>

/**
 * Treatment lines: a record service; the rules (the visit, the snapshot, the teeth, billing) are
 * hooks (treatment-checks.ts). `$regex` on `serviceName` or `serviceCode` is read as text, never
 * as a pattern (as the ICD list reads it): a leading `^` anchors it at the start, otherwise it
 * matches any part; the name is matched in the hidden `searchName` (lower-cased by JavaScript,
 * which folds Cyrillic), so case never matters.
 */
export class TreatmentService extends RecordService<TreatmentLine, TreatmentLineData, TreatmentParams, TreatmentLinePatch> {
  override createQuery(params: Params = {} as Params) {
    const query = { ...((params.query ?? {}) as Record<string, unknown>) }
    const texts: Array<{ field: string; text: string; anchored: boolean }> = []
    for (const field of ['serviceName', 'serviceCode']) {
      const condition = query[field] as TextCondition | undefined
      if (!condition || typeof condition !== 'object' || condition.$regex === undefined) continue
      const { $regex, $options: _options, ...rest } = condition
      if (Object.keys(rest).length > 0) query[field] = rest
      else delete query[field]
      const anchored = $regex.startsWith('^')
      texts.push({ field, text: (anchored ? $regex.slice(1) : $regex).toLowerCase(), anchored })
    }
    const builder: Knex.QueryBuilder = super.createQuery({ ...params, query } as Params)
    for (const { field, text, anchored } of texts) {
      const pattern = anchored ? `${likeEscape(text)}%` : `%${likeEscape(text)}%`
      // Codes are Latin letters and digits, which lower() folds on both engines; names may be Cyrillic.
      if (field === 'serviceName') whereLike(builder, `${TREATMENT_TABLE}.searchName`, pattern)
      else builder.whereRaw(`lower(??) like ? escape '\\'`, [`${TREATMENT_TABLE}.serviceCode`, pattern])
    }
    return builder
  }
}

export const treatmentServiceOptions = (app: Application) =>
  recordOptions(app, TREATMENT_TABLE, {
    operators: ['$regex', '$options'],
    // The trash shows the service's name and never sends the diagnosis or the search text.
    trash: { title: (record) => String(record.serviceName ?? ''), hidden: ['searchName', 'icdCode'] }
  })
export { treatmentRowShape }
