import { useEffect, useState } from 'react'
import { loadTextArea } from '../../i18n'
import { PageLoading } from '../../components/PageLoading'
import { TemplateEditor } from './TemplateEditor'

/**
 * The company profile's `notification-templates` tab: the template editor.
 * Its texts (area `messaging`, i18n/text-areas.ts) load when it is first shown.
 */
export function TemplatesTab() {
  const [ready, setReady] = useState(false)
  useEffect(() => {
    let live = true
    void loadTextArea('messaging').then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])
  return ready ? <TemplateEditor /> : <PageLoading />
}
