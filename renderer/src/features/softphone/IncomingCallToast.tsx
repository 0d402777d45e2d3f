import { useEffect } from 'react'
import { Button, Typography } from 'antd'
import { PhoneFilled } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { CallerCard } from './CallerCard'
import { startRinging } from './ringtone'

/**
 * An incoming call, top right over any screen until it is answered, declined or given up by the
 * caller: who calls (the patient's card when the number is a patient's) and the two buttons.
 * It rings meanwhile (ringtone.ts).
 */
export function IncomingCallToast({ remote, remoteName, onAnswer, onDecline }: { remote: string | null; remoteName: string | null; onAnswer: () => void; onDecline: () => void }) {
  const { t } = useTranslation()
  useEffect(() => startRinging(), [])
  return (
    <div className="softphone-incoming" role="alertdialog" aria-label={t('softphone.incoming')} data-testid="softphone-incoming">
      <Typography.Text type="secondary" className="softphone-incoming-title">
        <PhoneFilled className="softphone-ringing-icon" /> {t('softphone.incoming')}
      </Typography.Text>
      <CallerCard remote={remote} remoteName={remoteName} />
      <div className="softphone-incoming-actions">
        <Button danger onClick={onDecline}>
          {t('softphone.decline')}
        </Button>
        <Button type="primary" className="softphone-answer" icon={<PhoneFilled />} onClick={onAnswer}>
          {t('softphone.answer')}
        </Button>
      </div>
    </div>
  )
}
