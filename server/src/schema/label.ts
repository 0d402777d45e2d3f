import { Type } from '@feathersjs/typebox'

/** What tags and sources both are: a short name, unique in the company, and an optional colour. */
export const labelProperties = {
  name: Type.String({ minLength: 1, maxLength: 100 }),
  color: Type.Union([Type.String({ pattern: '^#[0-9a-fA-F]{6}$' }), Type.Null()])
}
