import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { ManipulationsImportService } from './manipulations-import.class'
import { csvImportDataValidator } from '../icd-import/icd-import.schema'
import { manipulationsImportDataSchema } from './manipulations-import.schema'
import { manipulationsImportMethods, manipulationsImportPath } from './manipulations-import.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [manipulationsImportPath]: ManipulationsImportService
  }
}

/** `manipulations-import`: the company's own manipulations from a CSV file, all or nothing. Needs `manipulations: create`. No events: the screen reloads its list. */
export function manipulationsImport(app: Application) {
  registerService(app, manipulationsImportPath, new ManipulationsImportService(app), {
    methods: [...manipulationsImportMethods],
    tables: [],
    access: {
      refuses: { update: 'an action (import a file), not a record' },
      data: { create: manipulationsImportDataSchema },
      methods: { create: { resource: 'manipulations', flag: 'create' } },
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
