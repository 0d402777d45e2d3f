import { useEffect, useState } from 'react'
import { loadTextArea } from '../../i18n'

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
