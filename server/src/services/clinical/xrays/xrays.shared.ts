import type { Paginated } from '@feathersjs/feathers'
import { clientService } from '../../../client-service'
import type { DoseTotals } from '../../../../../domain/clinical/xrays'
import type { Xray, XrayData, XrayPatch, XrayQuery, XrayService } from './xrays.class'

export type { Xray, XrayData, XrayPatch, XrayQuery, DoseTotals }

export const xraysPath = 'xrays'
/** No update: an X-ray is corrected field by field (patch), so a stale form cannot undo a colleague's change. */
export const xraysMethods = ['find', 'get', 'create', 'patch', 'remove'] as const
export type XraysClientService = Pick<XrayService, (typeof xraysMethods)[number]>

/**
 * A page of a patient's X-rays. With `$doseTotals` in the query (true: as of the company's today,
 * or a YYYY-MM-DD day) it carries the patient's dose totals over all their X-rays, not only the page's.
 */
export type XrayPage = Paginated<Xray> & { doseTotals?: DoseTotals }

/** A patient's X-rays in one page. */
export const XRAYS_MAX_PAGE = 500
/** Its records belong to the branch they were taken in: the client fills the current branch. */
export const xraysClient = clientService<XraysClientService>()(xraysPath, xraysMethods, { branchScoped: true })
