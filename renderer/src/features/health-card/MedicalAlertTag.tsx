import { Tag, Tooltip } from 'antd'
import { MedicineBoxFilled } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'

/**
 * The red flag of a patient whose health card holds an allergy or a flagged condition. It says
 * only that there is something to read (customers' `medicalAlert`), never what.
 */
export function MedicalAlertTag({ alert }: { alert: boolean | undefined }) {
  const { t } = useTranslation()
  if (!alert) return null
  return (
    <Tooltip title={t('healthCard.alertHint')}>
      <Tag color="red" icon={<MedicineBoxFilled />} data-testid="medical-alert">
        {t('healthCard.alert')}
      </Tag>
    </Tooltip>
  )
}

/** The calendar's small red mark: a dot before the patient's name, with the same hint. */
export function MedicalAlertMark({ alert }: { alert: boolean | undefined }) {
  const { t } = useTranslation()
  if (!alert) return null
  return <span className="medical-alert-mark" title={t('healthCard.alertHint')} aria-label={t('healthCard.alert')} data-testid="medical-alert-mark" />
}
