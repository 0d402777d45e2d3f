import { Ajv, addFormats, type FormatsPluginOptions } from '@feathersjs/schema'
import { REFERENCE_KEYWORD } from './schema/references'

const formats: FormatsPluginOptions = ['date-time', 'time', 'date', 'email', 'uri', 'uuid', 'regex']

/** Validates create/patch data. Types are not coerced: a socket message keeps its JSON types. */
export const dataValidator: Ajv = addFormats(new Ajv({ allErrors: true }), formats)

/** Validates queries. Socket queries keep their types too, so no coercion either. */
export const queryValidator: Ajv = addFormats(new Ajv({ allErrors: false }), formats)

// Annotations that Ajv reads past: the reference fields of schema/references.ts.
for (const validator of [dataValidator, queryValidator]) validator.addKeyword({ keyword: REFERENCE_KEYWORD })
