import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { ChatView } from './ChatView'

/**
 * The patient card's `chat` tab: the patient's conversation (ChatView). Its texts (area
 * `messaging`) load when it is first shown; the tab itself loads with it (CustomerPage).
 */
export default function ChatTab({ customerId }: { customerId: string }) {
  const ready = useTextArea('messaging')
  return ready ? <ChatView customerId={customerId} /> : <PageLoading />
}
