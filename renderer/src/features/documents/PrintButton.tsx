import { useEffect, useState } from 'react'
import { useCan } from '../../api/permissions'
import { loadTextArea } from '../../i18n'
import { PrintMenu, type PrintButtonProps } from './PrintMenu'

export type { PrintChoice } from './PrintMenu'

/**
 * The documents' texts load with the first print button a screen shows (i18n/text-areas.ts): the
 * patient card, a plan, an invoice or the payments list may each be the first.
 */
export function useDocumentTexts(): boolean {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void loadTextArea('documents').then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])
  return ready
}

/**
 * Print for a record's screen (a plan, an invoice, a payment): one button for one document,
 * a menu for several (an invoice or its act; a receipt on 80 or 58 mm paper). Screens of other
 * areas show it, so it loads the documents' texts before the button appears.
 */
export function PrintButton(props: PrintButtonProps) {
  const ready = useDocumentTexts()
  const canPrint = useCan('documents', 'create')
  if (!ready || !canPrint) return null
  return <PrintMenu {...props} />
}
