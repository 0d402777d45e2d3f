import { useEffect, useRef, useState } from 'react'
import { notification } from 'antd'
import { PhoneOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { loadTextArea } from '../../i18n'
import { formatPhone } from '../../../../domain/validation/phone'
import type { IncomingCall } from '../../../../server/src/services/telephony/onlinepbx-incoming-call/onlinepbx-incoming-call.shared'
// The new-patient form statically: this whole file loads only with the first call
// (IncomingCallListener), and a lazy form here made the bundler split a first-screen chunk in two
// (tests/e2e/first-screen-size.spec.ts).
import { CustomerDrawer } from '../customers/CustomerDrawer'
import { IncomingCallCard } from './IncomingCallCard'

const key = (id: string) => `incoming-call-${id}`

/**
 * The screen pops of the calls ringing now (IncomingCallListener keeps the list): one notice per
 * call, with the caller's number (or "hidden") and a button per patient (opens the card), or "New
 * patient" (the customer form with the number filled in). Its texts (area `calls`) load first.
 */
export default function IncomingCallPops({ pops, onDone }: { pops: IncomingCall[]; onDone: (id: string) => void }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const [api, holder] = notification.useNotification({ placement: 'topRight', maxCount: 3, top: 72 })
  const [newPatient, setNewPatient] = useState<{ phone: string | null } | null>(null)
  /** The notices open now, by call. */
  const open = useRef(new Set<string>())

  useEffect(() => {
    for (const id of [...open.current]) {
      if (pops.some((pop) => pop._id === id)) continue
      open.current.delete(id)
      api.destroy(key(id))
    }
    for (const pop of pops) {
      if (open.current.has(pop._id)) continue
      open.current.add(pop._id)
      void loadTextArea('calls').then(() => {
        // Settled while the texts loaded: nothing to show.
        if (!open.current.has(pop._id)) return
        api.open({
          key: key(pop._id),
          duration: 0,
          icon: <PhoneOutlined style={{ color: '#1677ff' }} />,
          message: t('calls.incoming'),
          description: (
            <IncomingCallCard
              pop={pop}
              onOpenPatient={(customerId) => {
                onDone(pop._id)
                navigate(`/customer/${customerId}`)
              }}
              onNewPatient={(phone) => {
                onDone(pop._id)
                setNewPatient({ phone })
              }}
            />
          ),
          onClose: () => onDone(pop._id)
        })
      })
    }
  }, [pops, api, t, navigate, onDone])

  return (
    <>
      {holder}
      {newPatient ? (
        <CustomerDrawer
          customer={null}
          prefill={newPatient.phone ? { phone: formatPhone(newPatient.phone) } : undefined}
          onClose={() => setNewPatient(null)}
          onSaved={(saved) => {
            setNewPatient(null)
            navigate(`/customer/${saved._id}`)
          }}
        />
      ) : null}
    </>
  )
}
