import dayjs from 'dayjs'
import { DatePicker, Form, InputNumber, Radio, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { repeatChoices, type BookingValues } from './booking-form'

/** Repeat rule: how often, and until when (a date, a number of visits, or ongoing). */
export function RepeatFields({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation()
  const form = Form.useFormInstance<BookingValues>()
  const repeat = Form.useWatch('repeat', form)
  const endsType = Form.useWatch('endsType', form)
  return (
    <>
      <Form.Item name="repeat" label={t('booking.repeat')}>
        <Select disabled={disabled} options={repeatChoices.map((choice) => ({ value: choice, label: t(`booking.repeatChoice.${choice}`) }))} data-testid="booking-repeat" />
      </Form.Item>
      {repeat && repeat !== 'none' && (
        <div className="booking-repeat-box">
          {repeat === 'everyNDays' && (
            <Form.Item name="everyDays" label={t('booking.everyDays')} rules={[{ required: true, type: 'number', min: 2, max: 365 }]}>
              <InputNumber min={2} max={365} disabled={disabled} />
            </Form.Item>
          )}
          <Form.Item name="endsType" label={t('booking.ends')}>
            <Radio.Group disabled={disabled}>
              <Radio value="date">{t('booking.endsDate')}</Radio>
              <Radio value="count">{t('booking.endsCount')}</Radio>
              <Radio value="never">{t('booking.endsNever')}</Radio>
            </Radio.Group>
          </Form.Item>
          <Space wrap>
            {endsType === 'date' && (
              <Form.Item
                name="endsDate"
                label={t('booking.endsOn')}
                rules={[{ required: true, message: t('booking.endsDateRequired') }]}
                getValueProps={(value: string | null) => ({ value: value ? dayjs(value) : null })}
                normalize={(value: dayjs.Dayjs | null) => (value ? value.format('YYYY-MM-DD') : null)}
              >
                <DatePicker disabled={disabled} allowClear={false} />
              </Form.Item>
            )}
            {endsType === 'count' && (
              <Form.Item name="endsCount" label={t('booking.times')} rules={[{ required: true, type: 'number', min: 2, max: 500 }]}>
                <InputNumber min={2} max={500} disabled={disabled} />
              </Form.Item>
            )}
          </Space>
        </div>
      )}
    </>
  )
}
