import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Params } from '@feathersjs/feathers'
import { inCallTransaction } from '../../../hooks/call-transaction'
import { registerService } from '../../register-service'
import { BadRequest, Conflict } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { clinicError } from '../../../errors'
import { publishToCompany } from '../../../channels'
import { customFieldDefinitionProblem, type CustomFieldDefinition } from '../../../../../domain/customers/custom-fields'
import { CustomFieldService, customFieldRowShape, customFieldServiceOptions, type CustomField } from './fields.class'
import {
  customFieldDataResolver,
  customFieldDataValidator,
  customFieldExternalResolver,
  customFieldPatchResolver,
  customFieldPatchValidator,
  customFieldQueryResolver,
  customFieldQueryValidator,
  customFieldResolver,
  customFieldDataSchema,
  customFieldPatchSchema
} from './fields.schema'
import { customFieldMethods, customFieldPath } from './fields.shared'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [customFieldPath]: CustomFieldService
  }
}

/** The company's field definitions, straight from the table (internal, company-wide). */
export async function companyCustomFields(app: Application, companyId: string, params?: Params): Promise<CustomFieldDefinition[]> {
  const rows = await app.service(customFieldPath).find({ ...inCallTransaction(params), paginate: false, query: { companyId } })
  return rows as CustomFieldDefinition[]
}

/** Forms and lists show fields in rank order unless the client sorts otherwise. */
async function sortByRank(context: HookContext) {
  const query = context.params.query ?? {}
  if (!query.$sort) context.params.query = { ...query, $sort: { rank: 1, name: 1 } }
}

/**
 * Options of select types, and a show-if condition that names another field of the company,
 * fits that field's values and closes no loop (domain/customers/custom-fields.ts). On a patch
 * the stored field and the change are checked together, and so are the fields whose
 * conditions depend on this one (their value must still be one of its options).
 */
async function checkDefinition(context: HookContext) {
  const existing = context.method === 'patch' ? await storedField(context) : null
  const candidate = { ...existing, ...context.data } as CustomField
  const companyFields = await companyCustomFields(context.app, candidate.companyId, context.params)
  const others = companyFields.filter((field) => field._id !== candidate._id)
  const sameName = others.find((field) => field.name.toLowerCase() === candidate.name.toLowerCase())
  if (sameName) throw clinicError(Conflict, 'conflict', 'name')
  const problem = customFieldDefinitionProblem(candidate, others)
  if (problem) throw clinicError(BadRequest, problem.code, problem.path)
  const updated = [...others, candidate]
  for (const dependent of others.filter((field) => field.showIf?.fieldId === candidate._id)) {
    if (customFieldDefinitionProblem(dependent, updated)) throw clinicError(BadRequest, 'custom-field-in-use', 'values', { fieldId: dependent._id })
  }
}

/** A field another field's condition depends on stays until that condition is changed. */
async function refuseRemovingConditionField(context: HookContext) {
  const field = await storedField(context)
  const companyFields = await companyCustomFields(context.app, field.companyId, context.params)
  const dependent = companyFields.find((other) => other.showIf?.fieldId === field._id)
  if (dependent) throw clinicError(Conflict, 'custom-field-in-use', undefined, { fieldId: dependent._id })
}

/** The stored field the call aims at, within the caller's company (NotFound otherwise). */
function storedField(context: HookContext): Promise<CustomField> {
  return context.service.get(context.id!, { ...inCallTransaction(context.params), query: context.params.query?.companyId ? { companyId: context.params.query.companyId } : {} })
}

/** `fields`: the company's custom fields of customer records. Anyone signed in may read them. */
export function fields(app: Application) {
  registerService(app, customFieldPath, new CustomFieldService(customFieldServiceOptions(app), customFieldRowShape), {
    methods: [...customFieldMethods],
    tables: ['custom_fields'],
    access: { data: { create: customFieldDataSchema, patch: customFieldPatchSchema },
      methods: standardAccess('fields', { find: { signedIn: true }, get: { signedIn: true } }),
      module: 'customers'
    },
    hooks: {
      around: {
        all: [
          resolveExternal(customFieldExternalResolver),
          resolveResult(customFieldResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(customFieldQueryValidator), companyScope, schemaHooks.resolveQuery(customFieldQueryResolver)],
        find: [sortByRank],
        create: [schemaHooks.validateData(customFieldDataValidator), schemaHooks.resolveData(customFieldDataResolver), checkDefinition],
        patch: [schemaHooks.validateData(customFieldPatchValidator), schemaHooks.resolveData(customFieldPatchResolver), checkDefinition],
        remove: [refuseRemovingConditionField]
      }
    },
    publish: publishToCompany(app)
  })
}
