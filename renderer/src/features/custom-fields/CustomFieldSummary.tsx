import { Space, Tag, Typography } from 'antd'
import { IdcardOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { conditionText, type CustomField } from './custom-field'

/** One field in the list: its name, type, options, the condition it shows under, the profile card mark. */
export function CustomFieldSummary({ field, fields }: { field: CustomField; fields: CustomField[] }) {
  const { t } = useTranslation()
  const condition = field.showIf ? fields.find((item) => item._id === field.showIf?.fieldId) : undefined
  const conditionValue = conditionText(field.showIf?.equals, t('customFields.yes'), t('customFields.no'))
  return (
    <div className="custom-field-summary">
      <Space wrap size={4}>
        <Typography.Text strong>{field.name}</Typography.Text>
        <Tag>{t(`customFields.types.${field.type}`, { defaultValue: field.type })}</Tag>
        {field.useInProfileCard && (
          <Tag icon={<IdcardOutlined />} color="cyan">
            {t('customFields.inCard')}
          </Tag>
        )}
      </Space>
      {field.values?.length > 0 && <Typography.Text type="secondary">{field.values.join(', ')}</Typography.Text>}
      {field.showIf && (
        <Typography.Text type="secondary">
          {t('customFields.shownWhen', { field: condition?.name ?? '—', value: conditionValue })}
        </Typography.Text>
      )}
    </div>
  )
}
