import { useEffect, useState } from 'react'
import { loadTextArea } from '../../i18n'
import { PageLoading } from '../../components/PageLoading'
import { CommunicationsList } from './CommunicationsList'

/**
 * The patient card's `communications` tab: what was sent to the patient and its delivery state, live.
 * Its texts (area `messaging`, i18n/text-areas.ts) load when it is first shown.
 */
export function CommunicationsTab({ customerId }: { customerId: string }) {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void loadTextArea('messaging').then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])
  return ready ? <CommunicationsList customerId={customerId} /> : <PageLoading />
}
