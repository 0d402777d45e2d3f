/** The health card's shapes, from the server's shared file (type-only). */
import type { HealthCard, HealthCardData, HealthCardPatch } from '../../../../server/src/services/customers/health-card/health-card.shared'

export type HealthCardRecord = HealthCard
export type { HealthCardData, HealthCardPatch }
export type HealthCardFields = Omit<HealthCardPatch, 'reviewed'>
