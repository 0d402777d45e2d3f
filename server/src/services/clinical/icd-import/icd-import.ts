import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { IcdImportService } from './icd-import.class'
import { csvImportDataSchema, csvImportDataValidator } from './icd-import.schema'
import { icdImportMethods, icdImportPath } from './icd-import.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [icdImportPath]: IcdImportService
  }
}

/**
 * `icd-import`: the company's own ICD codes from a CSV file, all or nothing (the external call's
 * one transaction holds every insert). Needs `icd: create`. No events: the screen reloads the
 * list after an import (hundreds of `created` events would help nobody).
 */
export function icdImport(app: Application) {
  registerService(app, icdImportPath, new IcdImportService(app), {
    methods: [...icdImportMethods],
    tables: [],
    access: {
      refuses: { update: 'an action (import a file), not a record' },
      data: { create: csvImportDataSchema },
      methods: { create: { resource: 'icd', flag: 'create' } },
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
