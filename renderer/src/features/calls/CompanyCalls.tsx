import { useCan } from '../../api/permissions'
import { useTextArea } from '../../i18n/useTextArea'
import { CallLog } from './CallLog'

/**
 * The communications screen's "Calls" (issue 20, item 5) for those who may view calls: the
 * area's texts (`calls`) load first, then the log of the caller's branches (CallLog).
 */
export function CompanyCalls() {
  const canView = useCan('onlinepbx-incoming-call', 'view')
  const ready = useTextArea('calls')
  return canView && ready ? <CallLog /> : null
}
