import { Type, type TSchema } from '@feathersjs/typebox'

/**
 * The schema keyword that marks a field holding another record's id (issue 11, item 5). Ajv
 * reads it as an annotation (validators.ts); `checkReferences` enforces it on every external
 * create, update and patch of a service that declares its data schemas (access.ts).
 */
export const REFERENCE_KEYWORD = 'references'

export interface Reference {
  /** The service path whose records the id names (spec section 7's names). */
  service: string
  /** The record must also be of one of the caller's branches (chairs, waiting-list entries). */
  branch?: boolean
}

/**
 * An id of a record of `service` that must belong to the caller's company (and, with
 * `branch`, to one of the caller's branches). A reference to `roles` is a grant: the role's
 * rights must be within the caller's own.
 */
export function ref(service: string, options: Omit<Reference, 'service'> = {}) {
  return Type.String({ format: 'uuid', [REFERENCE_KEYWORD]: { service, ...options } })
}

/** One reference field of a data schema; `*` in `path` stands for every item of an array. */
export interface ReferenceField {
  path: string[]
  reference: Reference
}

/** Every reference field of a schema: objects, intersections, unions and arrays are walked. */
export function referenceFields(schema: TSchema): ReferenceField[] {
  const found = new Map<string, ReferenceField>()
  const walk = (node: TSchema | undefined, path: string[]) => {
    if (!node || typeof node !== 'object') return
    const reference = (node as Record<string, unknown>)[REFERENCE_KEYWORD] as Reference | undefined
    if (reference) found.set(path.join('.'), { path, reference })
    for (const key of ['allOf', 'anyOf', 'oneOf'] as const) for (const branch of (node[key] as TSchema[] | undefined) ?? []) walk(branch, path)
    for (const [name, property] of Object.entries((node.properties as Record<string, TSchema> | undefined) ?? {})) walk(property, [...path, name])
    if (node.items && !Array.isArray(node.items)) walk(node.items as TSchema, [...path, '*'])
  }
  walk(schema, [])
  return [...found.values()]
}

/** The values at a field's path in `data`, each with its concrete path (`services.0.serviceId`). */
export function valuesAt(data: unknown, path: string[]): Array<{ at: string; value: unknown }> {
  let current: Array<{ at: string[]; value: unknown }> = [{ at: [], value: data }]
  for (const step of path) {
    const next: typeof current = []
    for (const { at, value } of current) {
      if (step === '*') {
        if (Array.isArray(value)) value.forEach((item, index) => next.push({ at: [...at, String(index)], value: item }))
      } else if (value !== null && typeof value === 'object' && !Array.isArray(value) && Object.hasOwn(value, step)) {
        next.push({ at: [...at, step], value: (value as Record<string, unknown>)[step] })
      }
    }
    current = next
  }
  return current.map(({ at, value }) => ({ at: at.join('.'), value }))
}
