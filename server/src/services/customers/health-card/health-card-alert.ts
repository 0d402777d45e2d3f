import type { Knex } from 'knex'
import type { HookContext } from '../../../declarations'
import { afterCommit, dbOf } from '../../../hooks/call-transaction'
import { combineHealthCards, hasMedicalAlert } from '../../../../../domain/clinical/health-card'
import { announceCustomer, setMedicalAlert } from '../customers/customer-medical-alert'
import { HEALTH_CARD_TABLE, healthCardRowShape, type HealthCard } from './health-card.class'
import { RowCodec } from '../../row-codec'
import { now } from '../../../hooks/ids'

const codec = new RowCodec(healthCardRowShape)

/**
 * After a card is written or removed, the customer's `medicalAlert` follows its contents, in the
 * same transaction; when it changed, everyone who sees the customer hears it after the commit
 * (the booking drawer and the calendar read the flag, never the card).
 */
export async function followMedicalAlert(context: HookContext) {
  const card = context.result as HealthCard
  const alert = context.method === 'remove' ? false : hasMedicalAlert(card)
  const changed = await setMedicalAlert(dbOf(context.app, context.params), card.companyId, card.customerId, alert)
  if (changed) await afterCommit(context.params, () => announceCustomer(context.app, card.customerId))
}

/**
 * A merge of two records of one person (customers-merge, manifest `mergeCustomer`): one card per
 * customer, so the merged customer's card is combined into the kept one's (nothing either knew is
 * lost) and goes; with only the merged one's card, the card simply moves.
 */
export async function mergeHealthCards(trx: Knex.Transaction, { fromId, toId, companyId }: { fromId: string; toId: string; companyId: string }) {
  const read = async (customerId: string) => {
    const row = await trx(HEALTH_CARD_TABLE).where({ companyId, customerId }).first()
    return row ? codec.fromDb<HealthCard>(row) : undefined
  }
  const merged = await read(fromId)
  if (!merged) return
  const kept = await read(toId)
  if (!kept) {
    await trx(HEALTH_CARD_TABLE).where({ _id: merged._id }).update({ customerId: toId })
  } else {
    const combined = { ...combineHealthCards(kept, merged), reviewedAt: null, reviewedBy: null, updatedAt: now() }
    const { _id, companyId: _company, customerId: _customer, createdAt: _created, createdBy: _by, ...changes } = combined
    await trx(HEALTH_CARD_TABLE).where({ _id }).update(codec.toDb(changes))
    await trx(HEALTH_CARD_TABLE).where({ _id: merged._id }).delete()
  }
  const card = await read(toId)
  if (card) await setMedicalAlert(trx, companyId, toId, hasMedicalAlert(card))
}
