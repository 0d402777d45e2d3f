import { Type, queryProperties, sortDefinition, type TObject, type TProperties, type TSchema } from '@feathersjs/typebox'

/** The largest page a `find` may ask for; the adapters' paginate.max is the same number. */
export const MAX_PAGE_SIZE = 500
/** `$or` branches allowed in one query. */
export const MAX_OR_BRANCHES = 20

export const paginate = { default: 50, max: MAX_PAGE_SIZE }

const selectableKeys = (type: TObject) => {
  const keys = Object.keys(type.properties)
  return Type.Unsafe<string[]>({ type: 'array', maxItems: keys.length, items: { type: 'string', enum: keys } })
}

/** Operators a query schema adds per property, by property name (as `queryProperties` takes them). */
type QueryExtensions<T extends TObject> = { [K in keyof T['properties']]?: { [key: string]: TSchema } }

/**
 * The query syntax of spec section 7, strict: only the listed operators ($in $nin $lt $lte $gt
 * $gte $ne per property, $or of property queries, $sort $limit $skip $select), only known
 * columns, a capped $limit. Unlike Feathers' querySyntax it has no `$and`, which the spec does
 * not list. `extensions` adds per-property operators ($regex and $options where the spec allows).
 */
export function strictQuery<T extends TObject, X extends TProperties = TProperties, E extends QueryExtensions<T> = QueryExtensions<T>>(
  type: T,
  extensions: E = {} as E,
  /** Service-specific top-level parameters, such as `$search`. */
  extra: X = {} as X,
  /** The largest `$limit` (a service whose adapter allows bigger pages, as calendars need). */
  maxLimit = MAX_PAGE_SIZE,
  /** The fields `$select` may name, when more than the queryable ones (every field of the answer). */
  selectable: TObject = type
) {
  const properties = queryProperties(type, extensions)
  return Type.Intersect(
    [
      Type.Partial(
        Type.Object(
          {
            $limit: Type.Integer({ minimum: 0, maximum: maxLimit }),
            $skip: Type.Integer({ minimum: 0 }),
            $sort: sortDefinition(type),
            $select: selectableKeys(selectable),
            $or: Type.Array(properties, { maxItems: MAX_OR_BRANCHES }),
            ...extra
          },
          { additionalProperties: false }
        )
      ),
      properties
    ],
    { additionalProperties: false }
  )
}

/** Record identifiers are UUID strings (v7, time-ordered). */
export const IdSchema = Type.String({ format: 'uuid' })
/** A create's client key (docs/decisions/offline-day.md): 8 to 64 letters, digits, `-` or `_` (a ULID or UUID made by the client). */
export const ClientKeySchema = Type.String({ minLength: 8, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' })
/** Instants travel as ISO-8601 strings in UTC. */
export const InstantSchema = Type.String({ format: 'date-time' })
