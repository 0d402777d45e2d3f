import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { TreatmentRecordService } from './treatment-record.class'
import { treatmentRecordQueryValidator } from './treatment-record.schema'
import { treatmentRecordMethods, treatmentRecordPath } from './treatment-record.shared'

declare module '../../../declarations' {
  interface ServiceTypes {
    [treatmentRecordPath]: TreatmentRecordService
  }
}

/**
 * `treatment-record` (issue 14): the patient card's treatment tab in one call. Any signed-in
 * person asks; what they get is what each section's own service would give them (a section they
 * may not read is left out; none at all is Forbidden). Owns no table and writes nothing itself;
 * no events of its own (the screen listens to each section's service).
 */
export function treatmentRecord(app: Application) {
  registerService(app, treatmentRecordPath, new TreatmentRecordService(app), {
    methods: [...treatmentRecordMethods],
    tables: [],
    access: {
      refuses: { update: 'a read of other services: nothing to replace (find only)' },
      methods: { find: { signedIn: true } },
      module: 'treatment'
    },
    hooks: {
      before: {
        find: [schemaHooks.validateQuery(treatmentRecordQueryValidator), companyScope]
      }
    }
  })
}
