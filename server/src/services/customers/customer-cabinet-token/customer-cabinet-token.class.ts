/* eslint-disable @typescript-eslint/no-explicit-any */
import { randomBytes } from 'node:crypto'
import type { Id } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { now } from '../../../hooks/ids'
import { RowCodec } from '../../row-codec'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import type { CabinetToken, CabinetTokenData, CabinetTokenQuery } from './customer-cabinet-token.schema'
import { CABINET_TOKEN_PATTERN } from './customer-cabinet-token.shared'

export type { CabinetToken, CabinetTokenData, CabinetTokenQuery }
export type CabinetTokenParams = RecordParams & { query?: CabinetTokenQuery }

export const CABINET_TOKEN_TABLE = 'customer_cabinet_tokens'

/** A new link: 32 bytes from the system's cryptographic generator, URL-safe. */
export const newCabinetToken = () => randomBytes(32).toString('base64url')

export class CabinetTokenService extends RecordService<CabinetToken, CabinetTokenData, CabinetTokenParams, never> {
  /** The new link and the end of the customer's older ones happen together or not at all. */
  override async _create(data: any, params?: CabinetTokenParams): Promise<any> {
    const db: Knex = this.knexOf(params)
    return db.transaction(async (trx) => {
      const revokedAt = now()
      await trx(CABINET_TOKEN_TABLE)
        .where({ companyId: data.companyId, customerId: data.customerId })
        .whereNull('revokedAt')
        .update({ revokedAt, revokedBy: data.createdBy ?? null, updatedAt: revokedAt })
      return super._create(data, { ...params, transaction: { trx } } as CabinetTokenParams)
    })
  }

  /** Revokes, once: a revoked link keeps the moment it was first revoked. */
  override async _remove(id: Id, params?: CabinetTokenParams): Promise<any> {
    const current = await this._get(id, params)
    if (current.revokedAt) return current
    const revokedAt = now()
    return this._patch(id, { revokedAt, revokedBy: params?.identity?.user._id ?? null, updatedAt: revokedAt }, params)
  }
}

export const cabinetTokenServiceOptions = (app: Application) => recordOptions(app, CABINET_TOKEN_TABLE, { id: 'token', trash: false })
export const cabinetTokenRowShape = { instant: ['expiresAt', 'revokedAt'] }

const codec = new RowCodec(cabinetTokenRowShape)
const customerCodec = new RowCodec({ boolean: ['archived'] })

/**
 * The cabinet page's door: the link's record when it works now, else null. A link works while
 * it is not revoked, not expired, and its customer exists (not in trash), is not archived and
 * was not merged into another record. Anything that is not a well-formed token is null too.
 */
export async function findValidCabinetToken(db: Knex, token: unknown): Promise<CabinetToken | null> {
  if (typeof token !== 'string' || !CABINET_TOKEN_PATTERN.test(token)) return null
  const row = await db(CABINET_TOKEN_TABLE).where({ token }).whereNull('revokedAt').first()
  if (!row) return null
  const found = codec.fromDb<CabinetToken>(row)
  if (found.expiresAt && Date.parse(found.expiresAt) <= Date.now()) return null
  const customerRow = await db('customers').select('_id', 'archived', 'mergedInto').where({ _id: found.customerId, companyId: found.companyId }).first()
  if (!customerRow) return null
  const customer = customerCodec.fromDb<{ archived: boolean; mergedInto: string | null }>(customerRow)
  if (customer.archived || customer.mergedInto) return null
  return found
}
