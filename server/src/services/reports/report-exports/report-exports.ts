import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { userChannel } from '../../../channels'
import { reportExportLink } from '../../customers/media/media-links'
import { REPORT_EXPORTS_TABLE } from './export-store'
import { ReportExportService } from './report-exports.class'
import { reportExportDataSchema, reportExportDataValidator, reportExportQueryValidator } from './report-exports.schema'
import { reportExportMethods, reportExportPath, type ReportExport } from './report-exports.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [reportExportPath]: ReportExportService
  }
}

/** A ready file's signed download link for the caller of find/get (the link names their session; none for internal calls). */
function withLinks(context: HookContext) {
  const add = (item: ReportExport) => (item.status === 'ready' ? { ...item, link: reportExportLink(context, item._id) } : item)
  const result = context.result as ReportExport | { data: ReportExport[] }
  context.result = 'data' in result ? { ...result, data: result.data.map(add) } : add(result)
}

/**
 * `report-exports` (issue 19, item 2; docs/decisions/reports.md, "Large exports"). Any signed-in
 * member may ask (module `reports`): the export's own permission is the report's, checked at
 * create by reading the report as the caller, and again on every page the job reads. Each
 * member finds, gets and removes only their own exports. Events (`created`, the runner's
 * `patched` with progress, `removed`) reach only the owner's connections. The activity log keeps
 * who exported what (the report, its query, the format), not the columns.
 */
export function reportExports(app: Application) {
  registerService(app, reportExportPath, new ReportExportService(app), {
    methods: [...reportExportMethods],
    tables: [REPORT_EXPORTS_TABLE],
    activity: {
      changes: (_context, result) => {
        const made = result as unknown as ReportExport
        return { report: made.report, query: made.query, format: made.format, title: made.title }
      }
    },
    access: {
      data: { create: reportExportDataSchema },
      refuses: {
        update: 'an export is made once; its progress is written by the runner',
        patch: 'an export is made once; its progress is written by the runner'
      },
      methods: {
        find: { signedIn: true },
        get: { signedIn: true },
        create: { signedIn: true },
        remove: { signedIn: true }
      },
      module: 'reports'
    },
    hooks: {
      before: {
        all: [checkId(), schemaHooks.validateQuery(reportExportQueryValidator), companyScope],
        create: [schemaHooks.validateData(reportExportDataValidator)]
      },
      after: {
        find: [withLinks],
        get: [withLinks]
      }
    },
    publish: (data: unknown) => app.channel(userChannel((data as ReportExport).userId))
  })
}
