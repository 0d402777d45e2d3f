import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { TelegramSettings } from './TelegramSettings'
import { WhatsappSettings } from './WhatsappSettings'
import { ChannelOrderCard } from './ChannelOrderCard'

/**
 * The company profile's `integrations` tab: the Telegram bot, the WhatsApp number and which of
 * them (and SMS) a visit message tries first. Its texts (area `messaging`,
 * i18n/text-areas.ts) load when it is first shown.
 */
export function IntegrationsTab() {
  const ready = useTextArea('messaging')
  if (!ready) return <PageLoading />
  return (
    <>
      <TelegramSettings />
      <WhatsappSettings />
      <ChannelOrderCard />
    </>
  )
}
