import { clientService } from '../../../client-service'
import type { CabinetToken, CabinetTokenData, CabinetTokenQuery, CabinetTokenService } from './customer-cabinet-token.class'

export type { CabinetToken, CabinetTokenData, CabinetTokenQuery }

/**
 * `customer-cabinet-token`: the link a customer uses to open their own cabinet. Its identifier
 * is `token` (spec section 3), a random URL-safe string. A customer has at most one working
 * link: making a new one revokes the old. `remove` revokes (the row stays, with revokedAt, so a
 * revoked link can never work again and the history of links remains).
 */
export const cabinetTokenPath = 'customer-cabinet-token'
export const cabinetTokenMethods = ['find', 'get', 'create', 'remove'] as const
export type CabinetTokenClientService = Pick<CabinetTokenService, (typeof cabinetTokenMethods)[number]>

/** 32 random bytes in base64url: 43 characters of A-Z a-z 0-9 - _. */
export const CABINET_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/
export const cabinetTokenClient = clientService<CabinetTokenClientService>()(cabinetTokenPath, cabinetTokenMethods)
