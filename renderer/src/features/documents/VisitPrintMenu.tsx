import { useCan } from '../../api/permissions'
import { useTextArea } from '../../i18n/useTextArea'
import { VisitPrintChoices } from './VisitPrintChoices'

/**
 * Print from a visit (the booking drawer): the patient's documents a visit needs, the medical
 * card 043/у, a contract, a consent or refusal for a procedure and a lab order, in the patient's
 * language. Everything printed is kept on the patient's documents card. The calendar shows it, so
 * it loads the documents' texts before the menu appears.
 */
export function VisitPrintMenu({ customerId }: { customerId: string }) {
  const ready = useTextArea('documents')
  const canPrint = useCan('documents', 'create')
  if (!ready || !canPrint) return null
  return <VisitPrintChoices customerId={customerId} />
}
