import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { CommunicationsList } from './CommunicationsList'

/**
 * The patient card's `communications` tab: what was sent to the patient and its delivery state, live.
 * Its texts (area `messaging`, i18n/text-areas.ts) load when it is first shown.
 */
export function CommunicationsTab({ customerId }: { customerId: string }) {
  const ready = useTextArea('messaging')
  return ready ? <CommunicationsList customerId={customerId} /> : <PageLoading />
}
