import type { HookContext } from '../declarations'

/**
 * Trims the named text fields of create/patch data before validation, so a name of only
 * spaces fails as "required" like an empty one, and stored names never carry stray spaces.
 */
export const trimStrings =
  (...fields: string[]) =>
  (context: HookContext) => {
    const data = context.data as Record<string, unknown> | undefined
    if (!data || typeof data !== 'object' || Array.isArray(data)) return
    const trimmed = { ...data }
    for (const field of fields) if (typeof trimmed[field] === 'string') trimmed[field] = (trimmed[field] as string).trim()
    context.data = trimmed
  }
