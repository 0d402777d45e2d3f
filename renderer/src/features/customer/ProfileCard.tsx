import type { ReactNode } from 'react'
import { Card, Descriptions, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFormat } from '../../i18n/format'
import type { CustomerRecord, CustomFieldRecord, SourceRecord, TagRecord } from '../customers/customer-types'
import { serviceLanguages } from '../customers/customer-form'
import { hasValue, visibleCustomFields } from '../customers/custom-fields'
import { PhoneText } from '../customers/PhoneText'
import { TagList } from '../customers/TagList'
import { CallButton } from '../calls/CallButton'
import { ageOn } from './customer-age'
import { customFieldText } from './custom-field-value'

interface Props {
  customer: CustomerRecord
  tags: Map<string, TagRecord>
  sources: Map<string, SourceRecord>
  fields: CustomFieldRecord[]
}

/** The customer's details at a glance; empty fields are left out rather than shown as dashes. */
export function ProfileCard({ customer, tags, sources, fields }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const age = ageOn(customer.birthdate)
  const words = { yes: t('customer.yes'), no: t('customer.no') }
  const rows: { key: string; label: string; value: ReactNode; show: boolean }[] = [
    { key: 'phone', label: t('customer.field.phone'), value: (
        <Space wrap size="small">
          <PhoneText phone={customer.phone} hidden={customer.phoneHidden} link />
          <CallButton customerId={customer._id} />
        </Space>
      ),
      show: Boolean(customer.phone || customer.phoneHidden) },
    { key: 'email', label: t('customer.field.email'), value: <a href={`mailto:${customer.email}`}>{customer.email}</a>, show: Boolean(customer.email) },
    {
      key: 'birthdate',
      label: t('customer.field.birthdate'),
      value: age === null ? format.date(customer.birthdate) : `${format.date(customer.birthdate)} (${t('customer.age', { count: age })})`,
      show: Boolean(customer.birthdate)
    },
    { key: 'gender', label: t('customer.field.gender'), value: customer.gender ? t(`customer.gender.${customer.gender}`) : '', show: Boolean(customer.gender) },
    { key: 'address', label: t('customer.field.address'), value: customer.address, show: Boolean(customer.address) },
    { key: 'telegram', label: t('customer.field.telegramAccount'), value: `@${customer.telegramAccount.replace(/^@/, '')}`, show: Boolean(customer.telegramAccount) },
    { key: 'passport', label: t('customer.field.passportNumber'), value: [customer.passportNumber, customer.passportIssuer].filter(Boolean).join(', '), show: Boolean(customer.passportNumber || customer.passportIssuer) },
    { key: 'profession', label: t('customer.field.profession'), value: customer.profession, show: Boolean(customer.profession) },
    { key: 'source', label: t('customer.field.source'), value: customer.sourceId ? (sources.get(customer.sourceId)?.name ?? '—') : '', show: Boolean(customer.sourceId) },
    {
      key: 'language',
      label: t('customer.field.serviceLanguage'),
      value: serviceLanguages.find((language) => language.value === customer.serviceLanguage)?.label ?? customer.serviceLanguage,
      show: Boolean(customer.serviceLanguage)
    },
    {
      key: 'channels',
      label: t('customer.field.notificationChannels'),
      value: customer.notificationChannels.map((channel) => t(`customer.channel.${channel}`)).join(', ') || t('customer.none'),
      show: true
    },
    {
      key: 'consents',
      label: t('customer.consents'),
      value: (
        <Space orientation="vertical" size={0}>
          <span>{`${t('customer.field.smsConsent')}: ${customer.smsConsent ? words.yes : words.no}`}</span>
          <span>{`${t('customer.field.promoSmsConsent')}: ${customer.promoSmsConsent ? words.yes : words.no}`}</span>
        </Space>
      ),
      show: true
    },
    { key: 'discount', label: t('customer.field.discount'), value: `${customer.discount}%`, show: customer.discount > 0 },
    { key: 'tags', label: t('customer.field.tags'), value: <TagList ids={customer.tagIds} tags={tags} />, show: customer.tagIds.some((id) => tags.has(id)) },
    { key: 'created', label: t('customer.createdAt'), value: format.dateTime(customer.createdAt), show: true }
  ]
  const cardFields = visibleCustomFields(fields, customer.customFields).filter((field) => field.useInProfileCard && hasValue(customer.customFields?.[field._id]))
  return (
    <Card title={t('customer.profile')} size="small" data-testid="profile-card">
      <Descriptions
        column={{ xs: 1, sm: 1, md: 2 }}
        size="small"
        items={[
          ...rows.filter((row) => row.show).map((row) => ({ key: row.key, label: row.label, children: row.value })),
          ...cardFields.map((field) => ({
            key: `field-${field._id}`,
            label: field.name,
            children: customFieldText(field, customer.customFields[field._id], words, format.date)
          }))
        ]}
      />
    </Card>
  )
}
