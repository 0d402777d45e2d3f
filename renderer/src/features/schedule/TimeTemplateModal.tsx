import { useEffect } from 'react'
import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { showServerError } from '../../components/form-errors'
import { useSaveAndClose } from '../../components/useSaveAndClose'
import { DayIntervals } from './DayIntervals'
import { intervalsProblem, sortIntervals, type Interval } from './schedule'
import { timeTemplatePath, type TimeTemplate } from './time-template'
import type { CalendarSettings } from './calendar-settings'

interface Props {
  editing: TimeTemplate | 'new' | null
  calendar: Pick<CalendarSettings, 'step' | 'dayStart' | 'dayEnd'>
  onClose: () => void
}

/** Add or edit a time template: a name and one day's intervals. */
export function TimeTemplateModal({ editing, calendar, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ name: string; intervals: Interval[] }>()
  const createTemplate = useCreate(timeTemplatePath)
  const patchTemplate = usePatch(timeTemplatePath)
  const { busy, run } = useSaveAndClose(onClose, (error) => showServerError(form, error, ['name', 'intervals']))
  const template = editing === 'new' ? null : editing

  useEffect(() => {
    if (!editing) return
    form.resetFields()
    form.setFieldsValue(template ? { name: template.name, intervals: template.intervals } : { name: '', intervals: [{ start: calendar.dayStart, end: calendar.dayEnd }] })
    // Fill the form once per opening.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing])

  function save(values: { name: string; intervals: Interval[] }) {
    const data = { name: values.name.trim(), intervals: sortIntervals(values.intervals) }
    return run(() => (template ? patchTemplate(template._id, data) : createTemplate(data)))
  }

  return (
    <Modal
      open={editing !== null}
      title={template ? t('timeTemplates.editTitle') : t('timeTemplates.newTitle')}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={busy}
      destroyOnHidden
      forceRender
    >
      <Form form={form} name="time-template" layout="vertical" requiredMark={false} onFinish={save} disabled={busy} data-testid="time-template-form">
        <Form.Item name="name" label={t('timeTemplates.name')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input maxLength={100} placeholder={t('timeTemplates.namePlaceholder')} />
        </Form.Item>
        <Form.Item
          name="intervals"
          label={t('timeTemplates.intervals')}
          rules={[
            {
              validator: async (_, value: Interval[] | undefined) => {
                if (!value?.length) throw new Error(t('timeTemplates.needInterval'))
                const problem = intervalsProblem(value)
                if (problem) throw new Error(t(`errors.${problem.code}`))
              }
            }
          ]}
        >
          <IntervalsInput calendar={calendar} label={t('timeTemplates.intervals')} />
        </Form.Item>
      </Form>
    </Modal>
  )
}

/** DayIntervals as a form control (value/onChange come from Form.Item). */
function IntervalsInput({ value, onChange, calendar, label }: { value?: Interval[]; onChange?: (next: Interval[]) => void; calendar: Props['calendar']; label: string }) {
  return <DayIntervals value={value ?? []} onChange={(next) => onChange?.(next)} step={calendar.step} dayStart={calendar.dayStart} label={label} />
}
