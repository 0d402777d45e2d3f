import { useState } from 'react'
import { Button, Tooltip } from 'antd'
import { PhoneOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'
import { useCreate } from '../../api/live'
import { useTextArea } from '../../i18n/useTextArea'
import { errorMessage, toast } from '../../app/toasts'
import { usePbxReady } from './usePbxReady'

/**
 * Click-to-call from a patient's card: the server asks OnlinePBX to ring the member's own
 * extension, then the patient (`calls` create). Shown to those who may place calls, while the
 * PBX is connected and they have an extension; the number itself is never needed here, so it
 * works under phone protection too.
 */
export function CallButton({ customerId }: { customerId: string }) {
  const canCall = useCan('onlinepbx-incoming-call', ['view', 'create'])
  return canCall ? <WhenPbxAllows customerId={customerId} /> : null
}

/** Only while the PBX is connected and the member has an extension (usePbxReady). */
function WhenPbxAllows({ customerId }: { customerId: string }) {
  const { canDial } = usePbxReady()
  return canDial ? <CallButtonWithTexts customerId={customerId} /> : null
}

/** The button once the area's texts are there (only those who may call load them). */
function CallButtonWithTexts({ customerId }: { customerId: string }) {
  const ready = useTextArea('calls')
  const { t } = useTranslation()
  const call = useCreate('calls')
  const [busy, setBusy] = useState(false)
  if (!ready) return null

  async function dial() {
    setBusy(true)
    try {
      await call({ customerId })
      toast.success(t('calls.calling'))
    } catch (error) {
      toast.error(errorMessage(error))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Tooltip title={t('calls.callHint')}>
      <Button size="small" icon={<PhoneOutlined />} loading={busy} onClick={() => void dial()} data-testid="click-to-call">
        {t('calls.call')}
      </Button>
    </Tooltip>
  )
}
