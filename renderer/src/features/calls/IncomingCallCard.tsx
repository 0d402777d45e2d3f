import { Button, Space, Typography } from 'antd'
import { UserAddOutlined, UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { PhoneText } from '../customers/PhoneText'
import type { IncomingCall } from '../../../../server/src/services/telephony/onlinepbx-incoming-call/onlinepbx-incoming-call.shared'

interface Props {
  pop: IncomingCall
  onOpenPatient: (customerId: string) => void
  onNewPatient: (phone: string | null) => void
}

/**
 * The screen pop's body: the caller's number (or "hidden" under phone protection), each patient
 * with that number this user may see, as a link to their card; an unknown number offers a new
 * patient with the number filled in.
 */
export function IncomingCallCard({ pop, onOpenPatient, onNewPatient }: Props) {
  const { t } = useTranslation()
  return (
    <div data-testid="incoming-call">
      <Typography.Paragraph style={{ marginBottom: 8 }}>
        <PhoneText phone={pop.phone} hidden={pop.phoneHidden} />
      </Typography.Paragraph>
      {pop.customers.length > 0 ? (
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          {pop.customers.map((patient) => (
            <Button key={patient._id} type="primary" block icon={<UserOutlined />} onClick={() => onOpenPatient(patient._id)} data-testid="incoming-call-patient">
              {[patient.last_name, patient.first_name, patient.middle_name].filter(Boolean).join(' ')}
            </Button>
          ))}
        </Space>
      ) : (
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <Typography.Text type="secondary">{t('calls.unknownCaller')}</Typography.Text>
          <Button block icon={<UserAddOutlined />} onClick={() => onNewPatient(pop.phone)} data-testid="incoming-call-new-patient">
            {t('calls.newPatient')}
          </Button>
        </Space>
      )}
    </div>
  )
}
