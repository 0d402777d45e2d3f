/* eslint-disable @typescript-eslint/no-explicit-any */
import type { NextFunction } from '@feathersjs/feathers'
import type { Application, HookContext } from '../declarations'
import { access, declareAccess, updateAsPatch } from '../access/access'
import { activityLog } from '../hooks/activity-log'
import { callTransaction } from '../hooks/call-transaction'
import { manifests, type ServiceManifest } from './service-manifest'

/**
 * Records a declaration without registering hooks: for a service that Feathers' own classes
 * guard (authentication). Every other service goes through `registerService`.
 */
export function declareService(path: string, manifest: ServiceManifest) {
  manifests.set(path, manifest)
  declareAccess(path, manifest.access)
}

/** Runs a method's `prepare` (service-manifest.ts) between the access check and the transaction. */
function prepareBeforeTransaction(prepare: NonNullable<ServiceManifest['prepare']>) {
  return async (context: HookContext, next: NextFunction) => {
    const work = prepare[context.method as keyof typeof prepare]
    if (work) await work(context)
    return next()
  }
}

/**
 * Registers a service: `app.use` with its methods and events; around every call its access rules
 * first, then (for an external write) one transaction and the activity log inside it, an update
 * as a patch, then its own hooks; its publisher; and its declaration for the app-wide parts.
 */
export function registerService(app: Application, path: string, service: unknown, manifest: ServiceManifest) {
  manifests.set(path, manifest)
  const guard = access(path, manifest.access)
  const events = manifest.events ? [...manifest.events] : []
  app.use(path as never, service as never, { methods: [...manifest.methods] as never, events })
  const registered = app.service(path as never) as any
  const { around, ...others } = manifest.hooks ?? {}
  const aroundMap = (around ?? {}) as Record<string, unknown[]>
  const prepare = manifest.prepare ? [prepareBeforeTransaction(manifest.prepare)] : []
  registered.hooks({ ...others, around: { ...aroundMap, all: [guard, ...prepare, ...(manifest.transaction === false ? [] : [callTransaction]), activityLog, updateAsPatch, ...(aroundMap.all ?? [])] } })
  if (manifest.publish) registered.publish(manifest.publish)
  return registered
}
