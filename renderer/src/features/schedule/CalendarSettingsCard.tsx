import { useEffect, useState } from 'react'
import { Button, Card, Checkbox, Col, Form, Row, Select, Slider } from 'antd'
import { useTranslation } from 'react-i18next'
import { usePatch } from '../../api/live'
import { useCan } from '../../api/permissions'
import { showServerError } from '../../components/form-errors'
import { errorMessage, toast } from '../../app/toasts'
import { errorPath } from '../../api/errors'
import { durationStepChoices, hoursStepChoices, stepChoices, zoomLevels, type CalendarSettings } from './calendar-settings'
import { dayKeys, minutesOf, timeChoices } from './schedule'
import { useCalendarSettings } from './useCalendarSettings'

const fields = ['zoom', 'step', 'durationStep', 'hoursStep', 'dayStart', 'dayEnd', 'workingDays']

/** The company's calendar settings: zoom, slot step, duration and time steps, day hours, working days. */
export function CalendarSettingsCard() {
  const { t } = useTranslation()
  const [form] = Form.useForm<CalendarSettings>()
  const calendar = useCalendarSettings()
  const canEdit = useCan('company', 'edit')
  const [busy, setBusy] = useState(false)
  const patchCompany = usePatch('company')
  const minutes = (value: number) => `${value} ${t('common.minutesShort')}`
  const kept = [calendar.dayStart, calendar.dayEnd]
  const startTimes = timeChoices(30, kept, 'start').map((time) => ({ value: time, label: time }))
  const endTimes = timeChoices(30, kept, 'end').map((time) => ({ value: time, label: time }))

  useEffect(() => {
    if (calendar.loaded) form.setFieldsValue(calendar)
  }, [calendar, form])

  async function save(values: CalendarSettings) {
    setBusy(true)
    try {
      await patchCompany('mine', {
        settings: { calendar: { ...values, workingDays: [...values.workingDays].sort((a, b) => a - b) } }
      })
      toast.success(t('common.saved'))
    } catch (error) {
      // The server names nested fields 'settings.calendar.<field>': show them at that field.
      const path = errorPath(error)?.replace(/^settings\.calendar\./, '')
      if (path && fields.includes(path)) form.setFields([{ name: path as keyof CalendarSettings, errors: [errorMessage(error)] }])
      else showServerError(form, error, fields)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Card title={t('calendarSettings.title')} data-testid="calendar-settings">
      <Form form={form} name="calendar-settings" layout="vertical" onFinish={save} disabled={!canEdit || busy} requiredMark={false}>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            <Form.Item name="zoom" label={t('calendarSettings.zoom')} tooltip={t('calendarSettings.zoomHint')}>
              <Slider min={1} max={4} step={1} marks={Object.fromEntries(zoomLevels.map((level) => [level, `${level}×`]))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="step" label={t('calendarSettings.step')} tooltip={t('calendarSettings.stepHint')}>
              <Select aria-label={t('calendarSettings.step')} options={stepChoices.map((value) => ({ value, label: minutes(value) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="durationStep" label={t('calendarSettings.durationStep')} tooltip={t('calendarSettings.durationStepHint')}>
              <Select aria-label={t('calendarSettings.durationStep')} options={durationStepChoices.map((value) => ({ value, label: minutes(value) }))} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="hoursStep" label={t('calendarSettings.hoursStep')} tooltip={t('calendarSettings.hoursStepHint')}>
              <Select aria-label={t('calendarSettings.hoursStep')} options={hoursStepChoices.map((value) => ({ value, label: minutes(value) }))} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item name="dayStart" label={t('calendarSettings.dayStart')}>
              <Select showSearch aria-label={t('calendarSettings.dayStart')} options={startTimes} />
            </Form.Item>
          </Col>
          <Col xs={12} sm={6}>
            <Form.Item
              name="dayEnd"
              label={t('calendarSettings.dayEnd')}
              dependencies={['dayStart']}
              rules={[
                ({ getFieldValue }) => ({
                  validator: async (_, value: string) => {
                    if (value && minutesOf(value) <= minutesOf(getFieldValue('dayStart') ?? '00:00')) throw new Error(t('errors.calendar-day-invalid'))
                  }
                })
              ]}
            >
              <Select showSearch aria-label={t('calendarSettings.dayEnd')} options={endTimes} />
            </Form.Item>
          </Col>
          <Col xs={24} sm={12}>
            <Form.Item name="workingDays" label={t('calendarSettings.workingDays')} rules={[{ required: true, type: 'array', min: 1, message: t('errors.working-days-required') }]}>
              <Checkbox.Group options={dayKeys.map((day) => ({ value: Number(day), label: t(`schedule.daysShort.${day}`) }))} />
            </Form.Item>
          </Col>
        </Row>
        {canEdit && (
          <Button type="primary" htmlType="submit" loading={busy} data-testid="save-calendar-settings">
            {t('common.save')}
          </Button>
        )}
      </Form>
    </Card>
  )
}
