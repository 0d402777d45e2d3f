import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { OdbImportService } from './odb-import.class'
import { csvImportDataValidator } from '../icd-import/icd-import.schema'
import { odbImportDataSchema } from './odb-import.schema'
import { odbImportMethods, odbImportPath } from './odb-import.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [odbImportPath]: OdbImportService
  }
}

/** `odb-import`: the company's own objective findings from a CSV file, all or nothing. Needs `odb: create`. No events: the screen reloads its list. */
export function odbImport(app: Application) {
  registerService(app, odbImportPath, new OdbImportService(app), {
    methods: [...odbImportMethods],
    tables: [],
    access: {
      refuses: { update: 'an action (import a file), not a record' },
      data: { create: odbImportDataSchema },
      methods: { create: { resource: 'odb', flag: 'create' } },
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
