import type { ReactNode } from 'react'
import { Descriptions, Space, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import type { HealthCardRecord } from './health-card-types'

const severityColor = { mild: 'gold', moderate: 'orange', severe: 'red' } as const

/** The card read-only: what a doctor scans before treatment, empty sections left out. */
export function HealthCardView({ card }: { card: HealthCardRecord }) {
  const { t } = useTranslation()
  const allergyName = (substance: string, name: string) => (substance === 'other' ? name : t(`healthCard.allergen.${substance}`))
  const diseaseName = (disease: string, name: string) => (disease === 'other' ? name : t(`healthCard.disease.${disease}`))
  const rows: { key: string; label: string; children: ReactNode; show: boolean }[] = [
    {
      key: 'allergies',
      label: t('healthCard.allergies'),
      show: true,
      children: card.allergies.length === 0 ? t('healthCard.noAllergies') : (
        <Space size={[4, 4]} wrap data-testid="health-card-allergies">
          {card.allergies.map((allergy, index) => (
            <Tag key={index} color={severityColor[allergy.severity]}>
              {allergyName(allergy.substance, allergy.name)}
              {allergy.reaction ? `: ${allergy.reaction}` : ''} ({t(`healthCard.severity.${allergy.severity}`)})
            </Tag>
          ))}
        </Space>
      )
    },
    {
      key: 'diseases',
      label: t('healthCard.diseases'),
      show: card.diseases.length > 0,
      children: (
        <Space size={[4, 4]} wrap>
          {card.diseases.map((entry, index) => (
            <Tag key={index} color={entry.disease === 'other' ? undefined : 'volcano'}>
              {diseaseName(entry.disease, entry.name)}
              {entry.note ? `: ${entry.note}` : ''}
            </Tag>
          ))}
        </Space>
      )
    },
    {
      key: 'medicines',
      label: t('healthCard.medicines'),
      show: card.medicines.length > 0,
      children: (
        <Space size={[4, 4]} wrap>
          {card.medicines.map((medicine, index) => (
            <Tag key={index} color={medicine.kind ? 'red' : undefined}>
              {medicine.name}
              {medicine.kind ? ` (${t(`healthCard.kind.${medicine.kind}`)})` : ''}
            </Tag>
          ))}
        </Space>
      )
    },
    {
      key: 'pregnancy',
      label: t('healthCard.pregnancy'),
      show: card.pregnant,
      children: card.pregnancyWeek ? t('healthCard.pregnantWeek', { week: card.pregnancyWeek }) : t('healthCard.pregnant')
    },
    { key: 'anaesthesia', label: t('healthCard.anaesthesiaReactions'), show: card.anaesthesiaReactions !== '', children: <Typography.Text type="danger">{card.anaesthesiaReactions}</Typography.Text> },
    { key: 'notes', label: t('healthCard.notes'), show: card.notes !== '', children: <span className="health-card-notes">{card.notes}</span> }
  ]
  return <Descriptions column={1} size="small" items={rows.filter((row) => row.show).map(({ show: _show, ...row }) => row)} />
}
