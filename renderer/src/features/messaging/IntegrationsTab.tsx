import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { ChannelOrderSettings } from './ChannelOrderSettings'
import { SmsProviderSettings } from './SmsProviderSettings'
import { TelegramSettings } from './TelegramSettings'
import { WhatsappSettings } from './WhatsappSettings'
import { OnlinePbxSettings } from '../calls/OnlinePbxSettings'

/**
 * The company profile's `integrations` tab: the SMS provider and its account, the Telegram bot,
 * the WhatsApp number, and the order visit messages try the channels in. Its texts (area `messaging`,
 * i18n/text-areas.ts) load when it is first shown.
 */
export function IntegrationsTab() {
  const ready = useTextArea('messaging')
  if (!ready) return <PageLoading />
  return (
    <>
      <SmsProviderSettings />
      <TelegramSettings />
      <WhatsappSettings />
      <ChannelOrderSettings />
      {/* Telephony (issue 20): shown to those who may view incoming calls; its texts load with it. */}
      <OnlinePbxSettings />
    </>
  )
}
