import { Conflict } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { clinicError } from '../../../errors'
import type { Exam, ExamData, ExamPatch, ExamQuery } from './exam.schema'

export type { Exam, ExamData, ExamPatch, ExamQuery }
export type ExamParams = RecordParams & { query?: ExamQuery }

export const EXAM_TABLE = 'exams'
/** The parts of an exam that are JSON text in the database. */
export const examRowShape = { json: ['complaints', 'findings', 'toothCodes', 'diagnoses', 'mucosa', 'hygiene'], instant: ['signedAt'] }

/** A unique index on a group and a version number: a second amendment of one version at once loses. */
const isVersionClash = (error: unknown) => /exams_group_version|exams\.examGroupId, exams\.version/i.test(String((error as Error)?.message ?? ''))

/**
 * Exam versions. The rules are hooks (exam-rules.ts); what must hold under concurrency is in the
 * database: one row per (examGroupId, version), and a patch only ever reaches a draft.
 */
export class ExamService extends RecordService<Exam, ExamData, ExamParams, ExamPatch> {
  override async _create(data: unknown, params?: ExamParams): Promise<Exam> {
    try {
      return await super._create(data, params)
    } catch (error) {
      if (isVersionClash(error)) throw clinicError(Conflict, 'exam-newer-version', 'amendsId')
      throw error
    }
  }
}

const title = (record: Record<string, unknown>) => String(record.date ?? '')
export const examServiceOptions = (app: Application) => recordOptions(app, EXAM_TABLE, { trash: { title } })
