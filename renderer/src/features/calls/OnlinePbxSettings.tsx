import { useCan } from '../../api/permissions'
import { useTextArea } from '../../i18n/useTextArea'
import { OnlinePbxSettingsForm } from './OnlinePbxSettingsForm'

/**
 * The OnlinePBX card of the company profile's integrations tab (issue 20, item 4), for those who
 * may view the telephony settings: the area's texts (`calls`) load first, then the form.
 */
export function OnlinePbxSettings() {
  const canView = useCan('onlinepbx-incoming-call', 'view')
  return canView ? <SettingsWithTexts /> : null
}

function SettingsWithTexts() {
  const ready = useTextArea('calls')
  return ready ? <OnlinePbxSettingsForm /> : null
}
