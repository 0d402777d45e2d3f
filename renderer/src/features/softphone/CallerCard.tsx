import { Skeleton, Typography } from 'antd'
import { UserOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFormat } from '../../i18n/format'
import { customerName } from '../customers/customer-name'
import { PhoneText } from '../customers/PhoneText'
import { formatPhone } from '../../../../domain/validation/phone'
import { useCallerPatients } from './caller-lookup'
import { callerDigits } from './dial-number'

/**
 * Who is calling: the patients whose phone is the caller's number (name, birth date, phone or
 * "hidden" under phone protection, a link to the card), or the number itself for someone unknown.
 * The softphone's own component; the server-pushed screen pop (features/calls) has its own.
 */
export function CallerCard({ remote, remoteName, onOpen }: { remote: string | null; remoteName: string | null; onOpen?: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { patients, loading, numberHidden } = useCallerPatients(remote)
  if (loading) return <Skeleton active paragraph={{ rows: 1 }} title={false} />
  if (patients.length === 0) {
    return (
      <div className="softphone-caller" data-testid="softphone-caller-unknown">
        <Typography.Text strong>{remoteName || t('softphone.unknownCaller')}</Typography.Text>
        <div className="muted">{callerDigits(remote) ? formatPhone(callerDigits(remote)!) : remote}</div>
      </div>
    )
  }
  return (
    <div className="softphone-caller">
      {patients.map((patient) => (
        <div key={patient._id} className="softphone-caller-patient" data-testid="softphone-caller-patient">
          <UserOutlined className="softphone-caller-icon" />
          <div>
            <Link to={`/customer/${patient._id}`} onClick={onOpen} className="softphone-caller-name">
              {customerName(patient)}
            </Link>
            <div className="muted">
              {patient.birthdate ? `${format.date(`${patient.birthdate}T12:00:00`)} · ` : ''}
              <PhoneText phone={patient.phone} hidden={patient.phoneHidden} />
            </div>
          </div>
        </div>
      ))}
      {!numberHidden && patients.length > 1 && <div className="muted">{t('softphone.sharedNumber')}</div>}
    </div>
  )
}

/** The other side in one line: the patient's name when the number is theirs, else the name sent or the number. */
export function useCallerLabel(remote: string | null, remoteName: string | null): { title: string; number: string | null } {
  const { t } = useTranslation()
  const { patients, numberHidden } = useCallerPatients(remote)
  const title = patients[0] ? customerName(patients[0]) : remoteName || remote || t('softphone.unknownCaller')
  const digits = callerDigits(remote)
  const number = digits ? formatPhone(digits) : remote
  return { title, number: numberHidden || title === remote ? null : number }
}
