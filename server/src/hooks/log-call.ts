import { performance } from 'node:perf_hooks'
import type { HookContext, NextFunction } from '../declarations'

/**
 * One log line per external call: path, method, duration and outcome, with who called.
 * Only identifiers are logged, never data or query values, so no patient data reaches the logs.
 */
export async function logCall(context: HookContext, next: NextFunction) {
  if (!context.params.provider) return next()
  const started = performance.now()
  const logger = context.app.get('logger')
  try {
    await next()
    logger.info(describe(context, started, 'ok'))
  } catch (error) {
    const failure = error as { name?: string; code?: number }
    const outcome = failure.name ?? 'Error'
    const line = { ...describe(context, started, outcome), status: failure.code }
    if (!failure.code || failure.code >= 500) logger.error({ ...line, err: error }, 'call failed')
    else logger.info(line)
    throw error
  }
}

function describe(context: HookContext, started: number, outcome: string) {
  const identity = context.params.identity
  return {
    msg: 'call',
    path: context.path,
    method: context.method,
    outcome,
    ms: Math.round((performance.now() - started) * 10) / 10,
    userId: identity?.user._id,
    companyId: identity?.user.companyId
  }
}
