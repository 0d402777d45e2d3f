import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { hasMedicalAlert } from '../../../../../domain/clinical/health-card'
import { announceCustomer, setMedicalAlert } from '../customers/customer-medical-alert'
import type { HealthCard, HealthCardData, HealthCardPatch, HealthCardQuery } from './health-card.schema'

export type { HealthCard, HealthCardData, HealthCardPatch, HealthCardQuery }
export type HealthCardParams = RecordParams & { query?: HealthCardQuery }

/** The health card: a record service; its rules (one per customer, the alert) are hooks. */
export class HealthCardService extends RecordService<HealthCard, HealthCardData, HealthCardParams, HealthCardPatch> {
  /**
   * A card restored from the trash brings its customer's alert back with it (the trash's
   * transaction), and those who see the customer hear of it once that commits.
   */
  override async insertExact(trx: Knex.Transaction, record: Record<string, unknown>): Promise<void> {
    await super.insertExact(trx, record)
    const card = record as HealthCard
    const changed = await setMedicalAlert(trx, card.companyId, card.customerId, hasMedicalAlert(card))
    const app = this.app
    if (changed && app) {
      trx.executionPromise.then(() => announceCustomer(app, card.customerId)).catch(() => undefined)
    }
  }
}

export const HEALTH_CARD_TABLE = 'health_cards'
export const healthCardServiceOptions = (app: Application) => recordOptions(app, HEALTH_CARD_TABLE)
export const healthCardRowShape = { json: ['allergies', 'diseases', 'medicines'], boolean: ['pregnant'], instant: ['reviewedAt'] }
