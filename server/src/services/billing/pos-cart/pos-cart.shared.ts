import { clientService } from '../../../client-service'
import type { PosCartService } from './pos-cart.class'

export type { PosCart, PosCartQuery, PosCartVisit } from './pos-cart.schema'

/**
 * `pos-cart` (issue 16, item 5; docs/decisions/billing-pos.md): the cash desk's list of today's
 * visits of a branch waiting for payment. Find only; resource `cart`.
 */
export const posCartPath = 'pos-cart'
export const posCartMethods = ['find'] as const
export type PosCartClientService = Pick<PosCartService, (typeof posCartMethods)[number]>
export const posCartClient = clientService<PosCartClientService>()(posCartPath, posCartMethods)
