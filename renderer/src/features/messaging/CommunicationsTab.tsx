import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { CommunicationsList } from './CommunicationsList'
import { TelegramLinkCard } from './TelegramLinkCard'
import { CallsList } from '../calls/CallsList'

/**
 * The patient card's `communications` tab: the patient's Telegram (link by deep link and QR code),
 * the patient's calls (features/calls), and what was sent to the patient with its delivery state, live.
 * Its texts (area `messaging`, i18n/text-areas.ts) load when it is first shown.
 */
export function CommunicationsTab({ customerId }: { customerId: string }) {
  const ready = useTextArea('messaging')
  return ready ? (
    <>
      <TelegramLinkCard customerId={customerId} />
      {/* The patient's calls (issue 20): their own card, shown to those who may view calls. */}
      <CallsList customerId={customerId} />
      <CommunicationsList customerId={customerId} />
    </>
  ) : (
    <PageLoading />
  )
}
