import { lazy, Suspense, useEffect, useState } from 'react'
import { notification } from 'antd'
import { PhoneOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { client } from '../../api/client'
import { loadTextArea } from '../../i18n'
import { formatPhone } from '../../../../domain/validation/phone'
import type { IncomingCall } from '../../../../server/src/services/telephony/onlinepbx-incoming-call/onlinepbx-incoming-call.shared'
import type { Call } from '../../../../server/src/services/telephony/calls/calls.shared'
import { IncomingCallCard } from './IncomingCallCard'

// The new-patient form loads only when an unknown number is taken as a new patient.
const CustomerDrawer = lazy(() => import('../customers/CustomerDrawer').then((module) => ({ default: module.CustomerDrawer })))

/**
 * Mounted once in the signed-in layout (lazily, for people who may view incoming calls): the
 * screen pop. The server sends each user of the ringing line's branch the call with the patients
 * they may see (`onlinepbx-incoming-call` created); it stays until the call is answered or ends
 * (`calls` patched) or is dismissed. Calls already ringing when the app opens show too.
 */
export default function IncomingCallListener() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: 3, top: 72 })
  const [newPatient, setNewPatient] = useState<{ phone: string | null } | null>(null)

  useEffect(() => {
    const incoming = client.service('onlinepbx-incoming-call')
    const calls = client.service('calls')
    const key = (id: string) => `incoming-call-${id}`
    const show = (pop: IncomingCall) =>
      void loadTextArea('calls').then(() =>
        api.open({
          key: key(pop._id),
          duration: 0,
          icon: <PhoneOutlined style={{ color: '#1677ff' }} />,
          message: t('calls.incoming'),
          description: (
            <IncomingCallCard
              pop={pop}
              onOpenPatient={(customerId) => {
                api.destroy(key(pop._id))
                navigate(`/customer/${customerId}`)
              }}
              onNewPatient={(phone) => {
                api.destroy(key(pop._id))
                setNewPatient({ phone })
              }}
            />
          )
        })
      )
    const settled = (call: Call) => {
      if (call.state !== 'waiting') api.destroy(key(call._id))
    }
    incoming.on('created', show)
    calls.on('patched', settled)
    incoming.find({ query: {} }).then((page) => page.data.forEach(show), () => undefined)
    return () => {
      incoming.off('created', show)
      calls.off('patched', settled)
    }
  }, [api, t, navigate])

  return (
    <>
      {holder}
      {newPatient ? (
        <Suspense fallback={null}>
          <CustomerDrawer
            customer={null}
            prefill={newPatient.phone ? { phone: formatPhone(newPatient.phone) } : undefined}
            onClose={() => setNewPatient(null)}
            onSaved={(saved) => {
              setNewPatient(null)
              navigate(`/customer/${saved._id}`)
            }}
          />
        </Suspense>
      ) : null}
    </>
  )
}
