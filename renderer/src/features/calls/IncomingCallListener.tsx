import { lazy, Suspense, useEffect, useRef, useState } from 'react'
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
  // The latest t and navigate, so the subscription below is made once (re-made, it would ask
  // again what rings and show a pop already dismissed).
  const latest = useRef({ t, navigate })
  useEffect(() => {
    latest.current = { t, navigate }
  }, [t, navigate])
  /** Calls whose pop was closed, taken or settled: never shown again. */
  const done = useRef(new Set<string>())

  useEffect(() => {
    const incoming = client.service('onlinepbx-incoming-call')
    const calls = client.service('calls')
    const key = (id: string) => `incoming-call-${id}`
    const close = (id: string) => {
      done.current.add(id)
      api.destroy(key(id))
    }
    const show = (pop: IncomingCall) =>
      void loadTextArea('calls').then(() => {
        if (done.current.has(pop._id)) return
        const { t, navigate } = latest.current
        api.open({
          key: key(pop._id),
          duration: 0,
          icon: <PhoneOutlined style={{ color: '#1677ff' }} />,
          message: t('calls.incoming'),
          description: (
            <IncomingCallCard
              pop={pop}
              onOpenPatient={(customerId) => {
                close(pop._id)
                navigate(`/customer/${customerId}`)
              }}
              onNewPatient={(phone) => {
                close(pop._id)
                setNewPatient({ phone })
              }}
            />
          ),
          onClose: () => done.current.add(pop._id)
        })
      })
    const settled = (call: Call) => {
      if (call.state !== 'waiting') close(call._id)
    }
    incoming.on('created', show)
    calls.on('patched', settled)
    incoming.find({ query: {} }).then((page) => page.data.forEach(show), () => undefined)
    return () => {
      incoming.off('created', show)
      calls.off('patched', settled)
    }
  }, [api])

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
