import { useCan } from '../../api/permissions'
import { useTextArea } from '../../i18n/useTextArea'
import { PrintMenu, type PrintButtonProps } from './PrintMenu'

export type { PrintChoice } from './PrintMenu'

/**
 * Print for a record's screen (a plan, an invoice, a payment): one button for one document,
 * a menu for several (an invoice or its act; a receipt on 80 or 58 mm paper). Screens of other
 * areas show it, so it loads the documents' texts before the button appears.
 */
export function PrintButton(props: PrintButtonProps) {
  const ready = useTextArea('documents')
  const canPrint = useCan('documents', 'create')
  if (!ready || !canPrint) return null
  return <PrintMenu {...props} />
}
