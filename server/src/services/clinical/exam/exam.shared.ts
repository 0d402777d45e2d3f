import { clientService } from '../../../client-service'
import type { Exam, ExamData, ExamPatch, ExamQuery, ExamService } from './exam.class'

export type { Exam, ExamData, ExamPatch, ExamQuery }

export const examPath = 'exam'
/** No update: an exam is edited by patch while a draft; a signed one is amended (create with `amendsId`). */
export const examMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type ExamClientService = Pick<ExamService, (typeof examMethods)[number]>

export const MAX_EXAM_TEXT = 4000
export const MAX_EXAM_NOTE = 1000
export const MAX_EXAM_LIST = 100
export const MAX_EXAM_DIAGNOSES = 52
export const examClient = clientService<ExamClientService>()(examPath, examMethods)
