import { Tag, Tooltip } from 'antd'
import { LockOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { formatPhone } from '../../../../domain/validation/phone'
import { dialWithSoftphone } from '../softphone/dialer'

/** A customer's phone in the spec's display format, or a "hidden" mark under phone protection. */
export function PhoneText({ phone, hidden, link = false }: { phone: string | null | undefined; hidden?: boolean; link?: boolean }) {
  const { t } = useTranslation()
  if (hidden) {
    return (
      <Tooltip title={t('customers.phoneHiddenHint')}>
        <Tag icon={<LockOutlined />} data-testid="phone-hidden">
          {t('customers.phoneHidden')}
        </Tag>
      </Tooltip>
    )
  }
  if (!phone) return <span className="muted">—</span>
  const shown = formatPhone(phone)
  if (!link) return <span className="nowrap">{shown}</span>
  // The softphone calls the number when it is registered on this computer; else the device's dialer (tel:).
  return (
    <a href={`tel:+${phone}`} onClick={(event) => dialWithSoftphone(`+${phone}`) && event.preventDefault()}>
      {shown}
    </a>
  )
}
