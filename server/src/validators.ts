import { Ajv, addFormats, type FormatsPluginOptions } from '@feathersjs/schema'
import { REFERENCE_KEYWORD } from './schema/references'

const formats: FormatsPluginOptions = ['date-time', 'time', 'date', 'email', 'uri', 'uuid', 'regex']

/** A compiled validator as callers use it: called, and read for its last errors and schema. */
interface Validate {
  (this: unknown, ...args: unknown[]): unknown
  errors?: unknown
  schema?: unknown
}

/**
 * Makes an Ajv compile its validators on their first call instead of when made. Every service
 * makes its validators when its module loads; compiling all of them took six of the ten seconds
 * the server needed to start (and every server test file paid them again). A validator is
 * compiled once, by the first call that needs it (a few milliseconds), and a schema with a mistake
 * still fails loudly then: tests/server/access/malformed-calls.test.ts calls every method of every
 * service.
 */
function compilingLazily(ajv: Ajv): Ajv {
  const compile = ajv.compile.bind(ajv) as unknown as (schema: unknown, meta?: boolean) => Validate
  const lazyCompile = (schema: unknown, meta?: boolean): Validate => {
    let compiled: Validate | undefined
    const compileNow = () => (compiled ??= compile(schema, meta))
    const validate = function (this: unknown, ...args: unknown[]) {
      return compileNow().apply(this, args)
    } as Validate
    // What callers read off a validator: the errors of its last call (replace.ts), its schema.
    Object.defineProperty(validate, 'errors', { get: () => compiled?.errors, set: (errors: unknown) => (compileNow().errors = errors) })
    Object.defineProperty(validate, 'schema', { get: () => compileNow().schema })
    return validate
  }
  ajv.compile = lazyCompile as unknown as Ajv['compile']
  return ajv
}

/** Validates create/patch data. Types are not coerced: a socket message keeps its JSON types. */
export const dataValidator: Ajv = compilingLazily(addFormats(new Ajv({ allErrors: true }), formats))

/** Validates queries. Socket queries keep their types too, so no coercion either. */
export const queryValidator: Ajv = compilingLazily(addFormats(new Ajv({ allErrors: false }), formats))

// Annotations that Ajv reads past: the reference fields of schema/references.ts.
for (const validator of [dataValidator, queryValidator]) validator.addKeyword({ keyword: REFERENCE_KEYWORD })
