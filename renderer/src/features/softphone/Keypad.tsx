import { Button } from 'antd'
import { useTranslation } from 'react-i18next'
import { dtmfKeys, type DtmfKey } from './dial-number'

/** The twelve keys: digits for the number being dialled, or tones (DTMF) during a call. */
export function Keypad({ onPress }: { onPress: (key: DtmfKey) => void }) {
  const { t } = useTranslation()
  return (
    <div className="softphone-keypad" role="group" aria-label={t('softphone.keypad')}>
      {dtmfKeys.map((key) => (
        <Button key={key} onClick={() => onPress(key)} data-testid={`softphone-key-${key}`}>
          {key}
        </Button>
      ))}
    </div>
  )
}
