import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { HealthCard, HealthCardData, HealthCardPatch, HealthCardQuery } from './health-card.schema'

export type { HealthCard, HealthCardData, HealthCardPatch, HealthCardQuery }
export type HealthCardParams = RecordParams & { query?: HealthCardQuery }

/** The health card: a record service; its rules (one per customer, the alert) are hooks. */
export class HealthCardService extends RecordService<HealthCard, HealthCardData, HealthCardParams, HealthCardPatch> {}

export const HEALTH_CARD_TABLE = 'health_cards'
export const healthCardServiceOptions = (app: Application) => recordOptions(app, HEALTH_CARD_TABLE)
export const healthCardRowShape = { json: ['allergies', 'diseases', 'medicines'], boolean: ['pregnant'], instant: ['reviewedAt'] }
