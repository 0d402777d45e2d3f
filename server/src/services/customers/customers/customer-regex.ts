import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { CASE_INSENSITIVE_PREFIX } from '../../../db'
import { customerRegexFields } from './customers.shared'

/**
 * `$regex` on customers (spec section 7) runs in the database: PostgreSQL's `~` and, on SQLite,
 * the REGEXP function server/src/db.ts registers (JavaScript's engine, in the server process).
 * Patterns are therefore kept to the syntax both engines read alike, and to shapes that cannot
 * backtrack for long: no group repeated without a small bound, at most three unbounded
 * repetitions, no backreferences, lookarounds or named groups.
 */

const MAX_UNBOUNDED = 3
const MAX_GROUP_REPEAT = 10
const SHORTHAND = /[dDsSwW]/

/** Why a pattern is refused, or null when it is fine. */
export function regexProblem(pattern: string): string | null {
  try {
    new RegExp(pattern, 'u')
  } catch {
    return 'syntax'
  }
  let unbounded = 0
  let inClass = false
  // Whether the atom just read was a group, to judge the quantifier after it.
  let lastWasGroup = false
  for (let index = 0; index < pattern.length; index += 1) {
    const char = pattern[index]
    if (char === '\\') {
      const next = pattern[index + 1] ?? ''
      if (/[0-9a-zA-Z]/.test(next) && !SHORTHAND.test(next)) return 'escape'
      index += 1
      lastWasGroup = false
      continue
    }
    if (inClass) {
      if (char === ']') inClass = false
      continue
    }
    if (char === '[') {
      inClass = true
      lastWasGroup = false
      continue
    }
    if (char === '(' && pattern[index + 1] === '?' && pattern[index + 2] !== ':') return 'group'
    if (char === ')') {
      lastWasGroup = true
      continue
    }
    const quantifier = readQuantifier(pattern, index)
    if (quantifier) {
      if (quantifier.max === Infinity) unbounded += 1
      if (lastWasGroup && quantifier.max > MAX_GROUP_REPEAT) return 'repetition'
      index += quantifier.length - 1
    }
    lastWasGroup = false
  }
  return unbounded > MAX_UNBOUNDED ? 'repetition' : null
}

function readQuantifier(pattern: string, index: number): { max: number; length: number } | null {
  const char = pattern[index]
  const lazy = pattern[index + 1] === '?' ? 1 : 0
  if (char === '*' || char === '+') return { max: Infinity, length: 1 + lazy }
  if (char === '?') return { max: 1, length: 1 }
  if (char !== '{') return null
  const match = /^\{(\d+)(,(\d*))?\}\??/.exec(pattern.slice(index))
  if (!match) return null
  const max = match[2] === undefined ? Number(match[1]) : match[3] === '' ? Infinity : Number(match[3])
  return { max, length: match[0].length }
}

type RegexCondition = { $regex?: string; $options?: string } & Record<string, unknown>

/** Checks every `$regex` of the query and folds `$options: 'i'` into the pattern. */
function rewrite(query: Record<string, unknown>) {
  for (const field of customerRegexFields) {
    const condition = query[field] as RegexCondition | undefined
    if (!condition || typeof condition !== 'object' || !('$regex' in condition || '$options' in condition)) continue
    const { $regex, $options, ...rest } = condition
    if (typeof $regex !== 'string') throw clinicError(BadRequest, 'invalid-request', field)
    if (regexProblem($regex)) throw clinicError(BadRequest, 'invalid-regex', field)
    query[field] = { ...rest, $regex: ($options === 'i' ? CASE_INSENSITIVE_PREFIX : '') + $regex }
  }
}

/** Before hook: after query validation (which allows `$regex` on those fields only). */
export function customerRegexQuery(context: HookContext) {
  const query = context.params.query as Record<string, unknown> | undefined
  if (!query) return
  const copy = { ...query }
  rewrite(copy)
  if (Array.isArray(copy.$or)) copy.$or = copy.$or.map((branch: Record<string, unknown>) => {
    const next = { ...branch }
    rewrite(next)
    return next
  })
  context.params.query = copy
}

/** The database operator for `$regex` per engine (knex's operator names). */
export const regexOperator = (client: string) => (client === 'pg' ? '~' : 'regexp')
