import { BadRequest, Conflict, NotFound } from '@feathersjs/errors'
import { afterCommit, dbOf } from '../../../hooks/call-transaction'
import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { clinicError } from '../../../errors'
import { now } from '../../../hooks/ids'
import { databaseEngine } from '../../../db'
import { mergedAwayChanges, mergedCustomerChanges, type MergeableCustomer } from '../../../../../domain/customers/merge'
import type { Customer } from '../customers/customers.class'
import { CABINET_TOKEN_TABLE } from '../customer-cabinet-token/customer-cabinet-token.class'
import { customerRowCombiners, customerOwnedRows } from './customer-references'
import type { CustomersMergeData } from './customers-merge.schema'

export type { CustomersMergeData }

type Side = 'keepId' | 'mergeId'

/**
 * Merges two records of one person. Read as steps: check the pair, then in one transaction
 * lock both rows, refuse a record already merged, move every customer-owned row, combine the
 * kept record and archive the merged one; after the commit, tell everyone and answer with the
 * kept customer as the caller may see it.
 */
export class CustomersMergeService {
  constructor(private readonly app: Application) {}

  async create(data: CustomersMergeData, params: Params = {}): Promise<Customer> {
    const { keepId, mergeId } = data
    if (keepId === mergeId) throw clinicError(BadRequest, 'merge-same-customer', 'mergeId')
    await this.assertVisible(keepId, 'keepId', params)
    await this.assertVisible(mergeId, 'mergeId', params)

    const db: Knex = dbOf(this.app, params)
    await db.transaction(async (trx) => {
      const { kept, merged } = await this.lockPair(trx, keepId, mergeId, params)
      await this.moveReferences(trx, mergeId, keepId, kept.companyId)
      await this.revokeCabinetLinks(trx, merged, params)
      const customers = this.app.service('customers')
      const updatedAt = now()
      await customers._patch(keepId, { ...mergedCustomerChanges(kept, merged), updatedAt }, { transaction: { trx, starting: false } })
      await customers._patch(mergeId, { ...mergedAwayChanges(keepId), updatedAt }, { transaction: { trx, starting: false } })
    })

    await afterCommit(params, () => this.announce([keepId, mergeId]))
    return this.app.service('customers').get(keepId, asCaller(params))
  }

  /** Both records must be visible to the caller (company, branches): else not found, at the field. */
  private async assertVisible(id: string, side: Side, params: Params) {
    try {
      await this.app.service('customers').get(id, asCaller(params))
    } catch (error) {
      if ((error as { name?: string }).name === 'NotFound') throw clinicError(NotFound, 'not-found', side)
      throw error
    }
  }

  /**
   * Reads both rows inside the transaction (locked on PostgreSQL, in id order so that two
   * merges of the same pair cannot deadlock; SQLite runs one writer at a time anyway), and
   * refuses a record that is already merged, kept or merged side alike.
   */
  private async lockPair(trx: Knex.Transaction, keepId: string, mergeId: string, params: Params) {
    const companyId = params.identity?.user.companyId
    let query = trx('customers').whereIn('_id', [keepId, mergeId]).orderBy('_id')
    if (companyId) query = query.where({ companyId })
    if (databaseEngine(trx) === 'postgres') query = query.forUpdate()
    const rows = (await query).map((row: Record<string, unknown>) => this.app.service('customers').codec.fromDb<MergeableCustomer & Customer>(row))
    const kept = rows.find((row) => row._id === keepId)
    const merged = rows.find((row) => row._id === mergeId)
    if (!kept) throw clinicError(NotFound, 'not-found', 'keepId')
    if (!merged || merged.companyId !== kept.companyId) throw clinicError(NotFound, 'not-found', 'mergeId')
    if (merged.mergedInto) throw clinicError(Conflict, 'customer-already-merged', 'mergeId', { mergedInto: merged.mergedInto })
    if (kept.mergedInto) throw clinicError(Conflict, 'customer-already-merged', 'keepId', { mergedInto: kept.mergedInto })
    return { kept, merged }
  }

  /**
   * Every row that points at the merged customer now points at the kept one. The tables are
   * their owners' (their manifests' customerRows): the merge changes only that one column.
   */
  private async moveReferences(trx: Knex.Transaction, fromId: string, toId: string, companyId: string) {
    for (const combine of customerRowCombiners()) await combine(trx, { fromId, toId, companyId })
    for (const { table, column } of customerOwnedRows()) {
      await trx(table).where({ [column]: fromId, companyId }).update({ [column]: toId })
    }
  }

  /** The merged customer's cabinet closes with its page: its working links are revoked. */
  private async revokeCabinetLinks(trx: Knex.Transaction, merged: Customer, params: Params) {
    const revokedAt = now()
    await trx(CABINET_TOKEN_TABLE)
      .where({ customerId: merged._id })
      .whereNull('revokedAt')
      .update({ revokedAt, revokedBy: params.identity?.user._id ?? null, updatedAt: revokedAt })
  }

  /**
   * Lists and open pages hear about both records, through the customers service's publisher
   * (which decides who hears and hides phones per connection). The event carries a context like
   * a server-made patch's, so the publisher reads it as it reads any other.
   */
  private async announce(ids: string[]) {
    const customers = this.app.service('customers')
    for (const id of ids) {
      const record = await customers.get(id)
      customers.emit('patched', record, { app: this.app, service: customers, path: 'customers', method: 'patch', type: 'after', id, params: {}, result: record })
    }
  }
}
