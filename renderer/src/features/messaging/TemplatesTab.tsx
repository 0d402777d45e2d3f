import { useTextArea } from '../../i18n/useTextArea'
import { PageLoading } from '../../components/PageLoading'
import { TemplateEditor } from './TemplateEditor'

/**
 * The company profile's `notification-templates` tab: the template editor.
 * Its texts (area `messaging`, i18n/text-areas.ts) load when it is first shown.
 */
export function TemplatesTab() {
  const ready = useTextArea('messaging')
  return ready ? <TemplateEditor /> : <PageLoading />
}
