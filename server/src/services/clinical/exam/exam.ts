import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { patientAudience } from '../../customers/customers/patient-audience'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { findOfVisibleCustomer, ofVisibleCustomer } from '../../../hooks/customer-visibility'
import { checkId } from '../../../hooks/check-id'
import { logRead } from '../../../hooks/activity-log'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'
import type { RecordScope } from '../../../access/record-scope'
import { EXAM_TABLE, ExamService, examRowShape, examServiceOptions, type Exam } from './exam.class'
import { examDataSchema, examDataValidator, examExternalResolver, examPatchSchema, examPatchValidator, examQueryValidator, examResolver } from './exam.schema'
import { examMethods, examPath } from './exam.shared'
import { prepareExamCreate, prepareExamPatch, refuseSignedRemoval } from './exam-rules'

declare module '../../../declarations' {
  interface ServiceTypes {
    [examPath]: ExamService
  }
}

/**
 * An exam is clinical: its events reach only connections whose role may view `exam` (and
 * customers) and that see the patient (the patient's branch, or the whole company when branches
 * see all customers). A receptionist sees the visit, never the exam (issue 14, item 8).
 */
const publishExam = (app: Application) => (data: unknown, context?: HookContext) => patientAudience(app, data as Exam, 'exam', context)

/**
 * Every get and find of exams by a person is in the activity log: who read which exams of which
 * patient, one row per call (not one per exam). A find that found nothing read nothing.
 */
async function logExamRead(context: HookContext) {
  const result = context.result as Exam | { data: Exam[] } | Exam[]
  const exams = context.method === 'get' ? [result as Exam] : Array.isArray(result) ? result : (result as { data: Exam[] }).data
  if (exams.length === 0) return
  const customerIds = [...new Set(exams.map((exam) => exam.customerId))]
  await logRead(context, {
    recordId: context.method === 'get' ? exams[0]._id : null,
    changes: { customerId: customerIds.length === 1 ? customerIds[0] : null, examIds: exams.map((exam) => exam._id) }
  })
}

/**
 * The log of writes names the action and the patient, never the exam's clinical contents (the
 * log's readers need not hold `exam: view`).
 */
function examActivity(context: HookContext, result: Record<string, unknown>) {
  const exam = result as Exam
  // The hooks replaced the call's data with the row (create) or the changes (patch): read the outcome.
  const signing = context.method === 'patch' && (context.data as Partial<Exam> | undefined)?.status === 'signed'
  const action = context.method === 'create' ? (exam.previousVersionId ? 'amend' : 'create') : signing ? 'sign' : context.method
  return { action, service: examPath, customerId: exam.customerId, version: exam.version }
}

/** Who sees which exams: those who see their patient (and may view exams: access). */
const examScope: RecordScope = { customer: { field: 'customerId' } }

/**
 * `exam`: dental exams, one row per version (docs/decisions/clinical-exams.md). A draft is
 * patched and signed by its doctor; a signed exam is never changed: `create` with `amendsId`
 * makes its next version as a draft. Only drafts are removed (to the trash).
 */
export function exam(app: Application) {
  registerService(app, examPath, new ExamService({ ...examServiceOptions(app), scope: examScope }, examRowShape), {
    methods: [...examMethods],
    tables: [EXAM_TABLE],
    customerRows: [{ table: EXAM_TABLE, column: 'customerId' }],
    activity: { changes: examActivity },
    access: {
      data: { create: examDataSchema, patch: examPatchSchema },
      methods: standardAccess('exam'),
      refuses: { update: 'an exam is edited by patch while a draft; a signed one is amended into a new version' },
      module: 'treatment'
    },
    hooks: {
      around: {
        all: [resolveExternal(examExternalResolver), resolveResult(examResolver)]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(examQueryValidator), companyScope],
        // Newest first; versions of one day newest first.
        find: [findOfVisibleCustomer({ date: -1, createdAt: -1, _id: -1 })],
        get: [ofVisibleCustomer],
        create: [schemaHooks.validateData(examDataValidator), prepareExamCreate],
        patch: [ofVisibleCustomer, schemaHooks.validateData(examPatchValidator), prepareExamPatch],
        remove: [ofVisibleCustomer, refuseSignedRemoval]
      },
      after: {
        find: [logExamRead],
        get: [logExamRead]
      }
    },
    publish: publishExam(app)
  })
}
