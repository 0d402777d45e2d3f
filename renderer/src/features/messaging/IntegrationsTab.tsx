import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { TelegramSettings } from './TelegramSettings'

/**
 * The company profile's `integrations` tab (so far the Telegram bot). Its texts (area
 * `messaging`, i18n/text-areas.ts) load when it is first shown.
 */
export function IntegrationsTab() {
  const ready = useTextArea('messaging')
  return ready ? <TelegramSettings /> : <PageLoading />
}
