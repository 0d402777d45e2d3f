import { clientService } from '../../../client-service'
import type { Bundle, BundleData, BundleItem, BundlePatch, BundleQuery, BundleService } from './bundle.class'

export type { Bundle, BundleData, BundleItem, BundlePatch, BundleQuery }

/** The spec's path (section 7); screen /company/bundles. */
export const bundlePath = 'bundle'
export const bundleMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type BundleClientService = Pick<BundleService, (typeof bundleMethods)[number]>

/** How many lines a bundle holds, and the largest quantity of one line. */
export const BUNDLE_LIMITS = { items: 50, quantity: 99 } as const
export const MAX_BUNDLE_NAME = 200

export const bundleClient = clientService<BundleClientService>()(bundlePath, bundleMethods)
