import type { DocumentKind } from '../../../../domain/documents/kinds'
import { buildAct } from './act'
import type { DocumentBuilder } from './build-input'
import { buildConsent, buildRefusal } from './consent'
import { buildContract } from './contract'
import { buildDailyLog037 } from './daily-log-037'
import { buildInvoice } from './invoice'
import { buildLabOrder } from './lab-order'
import { buildMedicalCard043 } from './medical-card-043'
import { buildReceipt } from './receipt'
import { buildTreatmentPlan } from './treatment-plan'

/** One builder per kind: the kind's fixed structure around the editable texts. */
export const documentBuilders: Record<DocumentKind, DocumentBuilder> = {
  receipt: buildReceipt,
  invoice: buildInvoice,
  act: buildAct,
  'treatment-plan': buildTreatmentPlan,
  consent: buildConsent,
  refusal: buildRefusal,
  contract: buildContract,
  'medical-card-043': buildMedicalCard043,
  'daily-log-037': buildDailyLog037,
  'lab-order': buildLabOrder
}
