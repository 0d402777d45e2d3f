import { useEffect, useReducer, useRef, useState } from 'react'
import { Badge, Button, Tooltip } from 'antd'
import { PhoneOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useSignedIn } from '../../api/session-store'
import { markBusy } from '../../platform/busy'
import { useTextArea } from '../../i18n/useTextArea'
import { callInProgress, callReducer, idleCall, type RegistrationState } from './call-state'
import { setSoftphoneDialer } from './dialer'
import { normaliseDialNumber } from './dial-number'
import { IncomingCallToast } from './IncomingCallToast'
import { parseStoredSettings } from './softphone-settings'
import { setSoftphoneStatus } from './softphone-status'
import { SoftphoneEngine, type RegistrationProblem } from './sip-engine'
import { SoftphonePanel } from './SoftphonePanel'
import { useStoredSoftphoneSettings } from './settings-store'
import './softphone.css'

/** How long a finished call's outcome stays on the panel before the dial pad returns. */
const ENDED_SHOWN_MS = 4000

/** The dot on the button: green registered, blue connecting, grey off, red failed. */
const dotColor: Record<RegistrationState, string> = {
  registered: '#52c41a',
  connecting: '#1677ff',
  unregistered: '#bfbfbf',
  failed: '#ff4d4f'
}

/**
 * The softphone of the signed-in layout (its own chunk: AppLayout loads it only for a person who
 * set up a SIP account on this computer). Registers while signed in, keeps one call's state, shows
 * the incoming call toast, the button at the bottom right and the panel it opens; plays the other
 * side through its audio element.
 */
export default function SoftphoneDock() {
  const { t } = useTranslation()
  const { user } = useSignedIn()
  const ready = useTextArea('softphone')
  const stored = useStoredSoftphoneSettings(user._id)
  const audio = useRef<HTMLAudioElement>(null)
  const [engine, setEngine] = useState<SoftphoneEngine | null>(null)
  const [registration, setRegistration] = useState<RegistrationState>('connecting')
  const [call, dispatch] = useReducer(callReducer, idleCall)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    const settings = parseStoredSettings(stored)
    if (!settings || !audio.current) return
    const next = new SoftphoneEngine(settings, audio.current, {
      registration: (state: RegistrationState, problem?: RegistrationProblem) => {
        setRegistration(state)
        setSoftphoneStatus({ state, problem: problem ?? null })
      },
      call: dispatch
    })
    setEngine(next)
    void next.start()
    return () => {
      setEngine(null)
      setSoftphoneStatus({ state: 'off', problem: null })
      void next.stop()
    }
  }, [stored])

  // A click on a patient's phone calls through the softphone while it is registered.
  useEffect(() => {
    if (!engine || registration !== 'registered') return
    setSoftphoneDialer((phone) => {
      const number = normaliseDialNumber(phone)
      if (!number) return
      setOpen(true)
      void engine.call(number)
    })
    return () => setSoftphoneDialer(null)
  }, [engine, registration])

  const busy = callInProgress(call)
  useEffect(() => {
    if (call.phase !== 'ended') return
    const timer = setTimeout(() => dispatch({ type: 'reset' }), ENDED_SHOWN_MS)
    return () => clearTimeout(timer)
  }, [call.phase])

  // The desktop app does not restart for an update while a call is on (the shell's update gate).
  useEffect(() => (busy ? markBusy('call') : undefined), [busy])

  // Closing or reloading the tab would drop the call: the browser asks first.
  useEffect(() => {
    if (!busy || call.phase === 'ended') return
    const warn = (event: BeforeUnloadEvent) => event.preventDefault()
    window.addEventListener('beforeunload', warn)
    return () => window.removeEventListener('beforeunload', warn)
  }, [busy, call.phase])

  const shown = open
  return (
    <>
      <audio ref={audio} autoPlay data-testid="softphone-audio" />
      {ready && (
        <>
          {call.phase === 'ringing' && (
            <IncomingCallToast
              remote={call.remote}
              remoteName={call.remoteName}
              onAnswer={() => {
                setOpen(true)
                void engine?.answer()
              }}
              onDecline={() => void engine?.hangup()}
            />
          )}
          {shown && <SoftphonePanel engine={engine} call={call} registration={registration} onClose={() => setOpen(false)} />}
          <div className="softphone-dock">
          <Tooltip title={`${t('softphone.title')}: ${t(`softphone.registration.${registration}`)}`} placement="left">
            <Badge dot color={dotColor[registration]} offset={[-6, 6]}>
              <Button
                shape="circle"
                size="large"
                type={busy ? 'primary' : 'default'}
                className="softphone-fab"
                icon={<PhoneOutlined />}
                aria-label={t('softphone.open')}
                aria-expanded={shown}
                onClick={() => setOpen(!shown)}
                data-testid="softphone-button"
              />
            </Badge>
          </Tooltip>
          </div>
        </>
      )}
    </>
  )
}
