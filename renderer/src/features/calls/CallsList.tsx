import { useCan } from '../../api/permissions'
import { useTextArea } from '../../i18n/useTextArea'
import { PatientCalls } from './PatientCalls'

/**
 * The patient's calls on the communications tab (issue 20, item 5), for those who may view calls:
 * the area's texts (`calls`) load first, then the list (PatientCalls).
 */
export function CallsList({ customerId }: { customerId: string }) {
  const canView = useCan('onlinepbx-incoming-call', 'view')
  return canView ? <CallsWithTexts customerId={customerId} /> : null
}

function CallsWithTexts({ customerId }: { customerId: string }) {
  const ready = useTextArea('calls')
  return ready ? <PatientCalls customerId={customerId} /> : null
}
