import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { CdbImportService } from './cdb-import.class'
import { csvImportDataSchema, csvImportDataValidator } from '../icd-import/icd-import.schema'
import { cdbImportMethods, cdbImportPath } from './cdb-import.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [cdbImportPath]: CdbImportService
  }
}

/** `cdb-import`: the company's own complaints from a CSV file, all or nothing. Needs `cdb: create`. */
export function cdbImport(app: Application) {
  registerService(app, cdbImportPath, new CdbImportService(app), {
    methods: [...cdbImportMethods],
    tables: [],
    access: {
      refuses: { update: 'an action (import a file), not a record' },
      data: { create: csvImportDataSchema },
      methods: { create: { resource: 'cdb', flag: 'create' } },
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
