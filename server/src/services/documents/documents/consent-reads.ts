import type { Knex } from 'knex'
import { DOCUMENTS_TABLE } from './documents.class'

/**
 * The documents area's reads for other areas (the documents service owns `documents`), with the
 * caller's database handle (`dbOf(app, params)`), so a read joins the call's transaction.
 */

/**
 * Whether the patient has a signed consent for this catalogue service: a document of kind
 * `consent`, printed for the service (its `sourceId`), whose status is `signed`. Any signed
 * version counts; a refusal, signed before or after, does not change the answer
 * (docs/decisions/documents-consent-required.md).
 */
export async function hasSignedConsent(db: Knex, companyId: string, customerId: string, serviceId: string): Promise<boolean> {
  const row = await db(DOCUMENTS_TABLE).where({ companyId, customerId, kind: 'consent', sourceId: serviceId, status: 'signed' }).first('_id')
  return Boolean(row)
}
