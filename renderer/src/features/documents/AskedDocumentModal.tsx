import type { PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'
import { LabOrderModal } from './LabOrderModal'
import { ProcedureModal } from './ProcedureModal'

/** The kinds of a patient's documents that ask something before they print. */
export type AskedKind = 'consent' | 'refusal' | 'lab-order'
export const askedKinds: readonly AskedKind[] = ['consent', 'refusal', 'lab-order']
/** What a patient's document prints straight away. */
export const directPatientKinds = ['medical-card-043', 'contract'] as const

type AskedData = Omit<PrintedDocumentData, 'customerId' | 'language'>

interface Props {
  kind: AskedKind | null
  /** A consent or refusal asked for signing on a tablet rather than for printing. */
  forSigning?: boolean
  busy: boolean
  onPrint: (data: AskedData) => void
  onClose: () => void
}

/** Asks what a consent, a refusal (the procedure) or a lab order (the work) prints. */
export function AskedDocumentModal({ kind, forSigning = false, busy, onPrint, onClose }: Props) {
  if (kind === 'consent' || kind === 'refusal') return <ProcedureModal kind={kind} forSigning={forSigning} busy={busy} onPrint={(choice) => onPrint({ kind, ...choice })} onClose={onClose} />
  if (kind === 'lab-order') return <LabOrderModal busy={busy} onPrint={(labOrder) => onPrint({ kind: 'lab-order', labOrder })} onClose={onClose} />
  return null
}
