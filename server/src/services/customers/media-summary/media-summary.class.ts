import type { Params } from '@feathersjs/feathers'
import type { Knex } from 'knex'
import type { Application } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { seesWholeCompany } from '../../../access/identity'
import { visibleBranches, viewerOf } from '../../../access/record-scope'
import { customerScope } from '../customers/customer-branches'
import { MEDIA_TABLE } from '../media/media.class'
import type { MediaSummary, MediaSummaryQuery, MediaSummaryRow } from './media-summary.schema'

export type MediaSummaryParams = Params<MediaSummaryQuery>

/**
 * Counts and bytes of the company's patient files (or one patient's), by owner type, branch and
 * kind. An expense's files (no patient) are not counted: they belong to the expense list, not to
 * the patients' files this summary describes.
 */
export class MediaSummaryService {
  constructor(private readonly app: Application) {}

  async find(params?: MediaSummaryParams): Promise<MediaSummary> {
    const db = dbOf(this.app, params)
    const query = params?.query ?? {}
    const scoped = () => {
      const builder = db(MEDIA_TABLE).where({ companyId: query.companyId }).whereNotNull('customerId')
      if (query.customerId) builder.where({ customerId: query.customerId })
      const identity = params?.identity
      if (params?.provider && identity && !query.customerId && !seesWholeCompany(identity.role.permissions)) {
        const branches = visibleBranches(customerScope, viewerOf(identity))
        if (branches) builder.whereIn('customerId', (sub) => sub.select('_id').from('customers').where({ companyId: query.companyId }).whereIn('branchId', branches))
      }
      return builder
    }
    const grouped = async (column: string): Promise<MediaSummaryRow[]> => {
      const rows = (await scoped().groupBy(column).select(`${column} as key`).count({ count: '*' }).sum({ bytes: 'size' }).orderBy(column)) as Array<Record<string, unknown>>
      return rows.map((row) => ({ key: String(row.key), count: Number(row.count), bytes: Number(row.bytes ?? 0) }))
    }
    const [byOwnerType, byBranch, byKind, stored] = await Promise.all([grouped('ownerType'), grouped('branchId'), grouped('kind'), storedBytes(scoped())])
    return {
      customerId: query.customerId ?? null,
      count: byKind.reduce((sum, row) => sum + row.count, 0),
      bytes: byKind.reduce((sum, row) => sum + row.bytes, 0),
      storedBytes: stored,
      byOwnerType,
      byBranch,
      byKind
    }
  }
}

async function storedBytes(builder: Knex.QueryBuilder): Promise<number> {
  const rows = (await builder.distinct('hash', 'size')) as Array<{ size: unknown }>
  return rows.reduce((sum, row) => sum + Number(row.size), 0)
}
