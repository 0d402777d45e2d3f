import { Button, Checkbox, Popover } from 'antd'
import { SettingOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { customerColumns, type CustomerColumn } from './customer-columns'

/** Which optional columns the table shows; remembered on this device by the caller. */
export function ColumnChooser({ value, onChange }: { value: CustomerColumn[]; onChange: (columns: CustomerColumn[]) => void }) {
  const { t } = useTranslation()
  return (
    <Popover
      trigger="click"
      placement="bottomRight"
      title={t('customers.columns')}
      content={
        <Checkbox.Group
          className="column-chooser"
          value={value}
          onChange={(next) => onChange(next as CustomerColumn[])}
          options={customerColumns.map((column) => ({ value: column, label: t(`customers.column.${column}`) }))}
        />
      }
    >
      <Button icon={<SettingOutlined />} aria-label={t('customers.columns')} data-testid="column-chooser">
        {t('customers.columns')}
      </Button>
    </Popover>
  )
}
