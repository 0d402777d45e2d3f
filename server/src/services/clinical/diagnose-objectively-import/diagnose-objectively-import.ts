import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { DiagnoseObjectivelyImportService } from './diagnose-objectively-import.class'
import { csvImportDataValidator } from '../icd-import/icd-import.schema'
import { diagnoseObjectivelyImportDataSchema } from './diagnose-objectively-import.schema'
import { diagnoseObjectivelyImportMethods, diagnoseObjectivelyImportPath } from './diagnose-objectively-import.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [diagnoseObjectivelyImportPath]: DiagnoseObjectivelyImportService
  }
}

/** `diagnose-objectively-import`: the company's own tooth findings from a CSV file, all or nothing. Needs `diagnose-objectively: create`. No events: the screen reloads its list. */
export function diagnoseObjectivelyImport(app: Application) {
  registerService(app, diagnoseObjectivelyImportPath, new DiagnoseObjectivelyImportService(app), {
    methods: [...diagnoseObjectivelyImportMethods],
    tables: [],
    access: {
      refuses: { update: 'an action (import a file), not a record' },
      data: { create: diagnoseObjectivelyImportDataSchema },
      methods: { create: { resource: 'diagnose-objectively', flag: 'create' } },
      module: 'treatment'
    },
    activity: { recordId: () => null, changes: (_context, result) => ({ imported: result.created }) },
    hooks: {
      before: {
        create: [schemaHooks.validateData(csvImportDataValidator)]
      }
    }
  })
}
