import { Button, Descriptions, Drawer, Tag, Typography } from 'antd'
import { EditOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { formatTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { doseToMicroSv, xrayTotalDose } from '../../../../domain/clinical/xrays'
import { useFormat } from '../../i18n/format'
import type { Xray } from '../../../../server/src/services/clinical/xrays/xrays.shared'
import { renderXrayImages } from './xray-images'

/**
 * One X-ray: its fields, its findings in full, then its images (the slot of xray-images.tsx,
 * which media fills). Opened from a row of the tab.
 */
export function XrayDetail({ xray, numbering, doctorName, onClose, onEdit }: { xray: Xray; numbering: ToothNumbering; doctorName: string; onClose: () => void; onEdit?: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const microSv = (dose: number) => `${format.number(doseToMicroSv(dose))} ${t('xrays.unit')}`
  return (
    <Drawer
      open
      title={`${t(`xrays.types.${xray.type}`)} · ${format.date(xray.date)}`}
      onClose={onClose}
      size="large"
      extra={onEdit && <Button icon={<EditOutlined />} onClick={onEdit}>{t('common.edit')}</Button>}
      data-testid="xray-detail"
    >
      <Descriptions column={1} size="small" bordered>
        <Descriptions.Item label={t('xrays.type')}>{t(`xrays.types.${xray.type}`)}</Descriptions.Item>
        <Descriptions.Item label={t('xrays.date')}>{format.date(xray.date)}</Descriptions.Item>
        <Descriptions.Item label={t('xrays.teeth')}>{xray.teeth.length ? xray.teeth.map((tooth) => <Tag key={tooth}>{formatTooth(tooth, numbering)}</Tag>) : '—'}</Descriptions.Item>
        <Descriptions.Item label={t('xrays.dose')}>{microSv(xray.dose)}</Descriptions.Item>
        <Descriptions.Item label={t('xrays.quantity')}>{xray.quantity}</Descriptions.Item>
        <Descriptions.Item label={t('xrays.totalDose')}>{microSv(xrayTotalDose(xray))}</Descriptions.Item>
        <Descriptions.Item label={t('xrays.doctor')}>{doctorName || '—'}</Descriptions.Item>
      </Descriptions>
      <Typography.Title level={5} className="xray-detail-heading">{t('xrays.findings')}</Typography.Title>
      <Typography.Paragraph className="xray-findings">{xray.findings || '—'}</Typography.Paragraph>
      {renderXrayImages(xray)}
    </Drawer>
  )
}
