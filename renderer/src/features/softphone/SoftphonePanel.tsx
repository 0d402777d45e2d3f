import { useState } from 'react'
import { Button, Input, Typography } from 'antd'
import { AudioMutedOutlined, AudioOutlined, CloseOutlined, PauseOutlined, PhoneFilled, CaretRightOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { CallState, RegistrationState } from './call-state'
import { normaliseDialNumber, type DtmfKey } from './dial-number'
import { CallTimer } from './CallTimer'
import { useCallerLabel } from './CallerCard'
import { Keypad } from './Keypad'
import type { SoftphoneEngine } from './sip-engine'

interface PanelProps {
  engine: SoftphoneEngine | null
  call: CallState
  registration: RegistrationState
  onClose: () => void
}

/** The softphone opened from its button: the dial pad when idle, the call's controls during one. */
export function SoftphonePanel({ engine, call, registration, onClose }: PanelProps) {
  const { t } = useTranslation()
  return (
    <section className="softphone-panel" aria-label={t('softphone.title')} data-testid="softphone-panel">
      <header className="softphone-panel-head">
        <Typography.Text strong>{t('softphone.title')}</Typography.Text>
        <span className={`softphone-status softphone-status-${registration}`} data-testid="softphone-status">
          {t(`softphone.registration.${registration}`)}
        </span>
        <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('softphone.close')} onClick={onClose} />
      </header>
      {call.phase === 'idle' ? <DialPad engine={engine} registered={registration === 'registered'} /> : <CallView key={call.serial} engine={engine} call={call} />}
    </section>
  )
}

function DialPad({ engine, registered }: { engine: SoftphoneEngine | null; registered: boolean }) {
  const { t } = useTranslation()
  const [typed, setTyped] = useState('')
  const number = normaliseDialNumber(typed)
  const dial = () => {
    if (number && engine) void engine.call(number)
  }
  return (
    <div className="softphone-body">
      <Input
        size="large"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        onPressEnter={dial}
        placeholder={t('softphone.numberPlaceholder')}
        aria-label={t('softphone.number')}
        inputMode="tel"
        data-testid="softphone-number"
      />
      <Keypad onPress={(key) => setTyped((current) => current + key)} />
      <Button type="primary" block size="large" className="softphone-answer" icon={<PhoneFilled />} disabled={!number || !registered} onClick={dial}>
        {t('softphone.call')}
      </Button>
    </div>
  )
}

const phaseText: Record<CallState['phase'], string> = {
  idle: '',
  ringing: 'softphone.phase.ringing',
  dialing: 'softphone.phase.dialing',
  connecting: 'softphone.phase.connecting',
  active: 'softphone.phase.active',
  ended: 'softphone.phase.ended'
}

const hangUpText: Record<CallState['phase'], string> = {
  idle: 'softphone.hangUp',
  ringing: 'softphone.decline',
  dialing: 'softphone.cancel',
  connecting: 'softphone.hangUp',
  active: 'softphone.hangUp',
  ended: 'softphone.hangUp'
}

function CallView({ engine, call }: { engine: SoftphoneEngine | null; call: CallState }) {
  const { t } = useTranslation()
  const [keypad, setKeypad] = useState(false)
  const [tones, setTones] = useState('')
  const { title, number } = useCallerLabel(call.remote, call.remoteName)
  const active = call.phase === 'active'
  const press = (key: DtmfKey) => {
    setTones((current) => (current + key).slice(-16))
    void engine?.dtmf(key).catch(() => undefined)
  }
  return (
    <div className="softphone-body" data-testid="softphone-call">
      <div className="softphone-remote">
        <Typography.Text strong className="softphone-remote-name">
          {title}
        </Typography.Text>
        {number && <span className="muted">{number}</span>}
        <span className="muted" data-testid="softphone-phase">
          {call.held ? t('softphone.onHold') : call.phase === 'ended' && call.outcome ? t(`softphone.outcome.${call.outcome}`) : t(phaseText[call.phase])}
        </span>
        {call.answeredAt !== null && <CallTimer call={call} />}
      </div>
      {active && keypad && (
        <>
          <div className="softphone-tones" aria-live="polite">
            {tones}
          </div>
          <Keypad onPress={press} />
        </>
      )}
      {active && (
        <div className="softphone-controls">
          <Button icon={call.muted ? <AudioMutedOutlined /> : <AudioOutlined />} aria-pressed={call.muted} onClick={() => engine?.mute(!call.muted)}>
            {call.muted ? t('softphone.unmute') : t('softphone.mute')}
          </Button>
          <Button icon={call.held ? <CaretRightOutlined /> : <PauseOutlined />} aria-pressed={call.held} onClick={() => void engine?.hold(!call.held).catch(() => undefined)}>
            {call.held ? t('softphone.resume') : t('softphone.hold')}
          </Button>
          <Button aria-pressed={keypad} onClick={() => setKeypad(!keypad)}>
            {t('softphone.keypad')}
          </Button>
        </div>
      )}
      {call.phase === 'ringing' && (
        <Button type="primary" block size="large" className="softphone-answer" icon={<PhoneFilled />} onClick={() => void engine?.answer()}>
          {t('softphone.answer')}
        </Button>
      )}
      {call.phase !== 'ended' && (
        <Button danger type="primary" block size="large" icon={<PhoneFilled className="softphone-hangup-icon" />} onClick={() => void engine?.hangup()}>
          {t(hangUpText[call.phase])}
        </Button>
      )}
    </div>
  )
}
