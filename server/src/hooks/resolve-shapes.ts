import { hooks as schemaHooks, type Resolver } from '@feathersjs/schema'
import type { HookContext, NextFunction } from '../declarations'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyResolver = Resolver<any, any>

/** A resolver with nothing to resolve: no property resolvers and no converter. */
const isEmpty = (resolver: AnyResolver) => resolver.propertyNames.length === 0 && !resolver.options.converter

const passThrough = async (_context: HookContext, next: NextFunction) => {
  await next()
}

/**
 * Feathers' resolveExternal, except for a resolver with no properties: Feathers still copies
 * every row of the result into a separate "dispatch" object (a find of a week's 700
 * appointments made 700 copies and as many promises, about a fifth of the call's time). With
 * nothing to resolve the rows are their own external view, and publishers and the activity log
 * fall back to the result, as they do for any call without a dispatch.
 */
export const resolveExternal = (resolver: AnyResolver) => (isEmpty(resolver) ? passThrough : schemaHooks.resolveExternal(resolver))

/**
 * Feathers' resolveResult, skipped in the same way for a resolver with no properties, unless
 * the query has `$select`: then it still trims each row to the selected fields.
 */
export function resolveResult(resolver: AnyResolver) {
  const feathersHook = schemaHooks.resolveResult(resolver)
  if (!isEmpty(resolver)) return feathersHook
  return (context: HookContext, next: NextFunction) => (context.params.query?.$select ? feathersHook(context, next) : passThrough(context, next))
}
