import { useEffect, useState } from 'react'
import { Button, DatePicker, Drawer, Form, Grid, Input, Select, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, useFind, usePatch } from '../../api/live'
import { useSignedIn } from '../../api/session-store'
import { useCan } from '../../api/permissions'
import { showServerError } from '../../components/form-errors'
import { useSaveAndClose } from '../../components/useSaveAndClose'
import { CustomerPicker } from '../customer/CustomerPicker'
import type { CustomerRecord } from '../customers/customer-types'
import { MAX_TASK_DESCRIPTION, taskKinds, taskStatuses } from '../../../../server/src/services/tasks/tasks/tasks.shared'
import { formValuesOf, remindChoices, taskData, taskFormFields, type Task, type TaskFormValues } from './task-form'

const DATE_TIME = 'DD.MM.YYYY HH:mm'

interface Props {
  /** The task being edited, 'new' for a new one; null keeps the drawer closed. */
  editing: Task | 'new' | null
  /** A new task's patient (the patient card's tab): fixed, not asked. */
  customerId?: string
  /** The patient's name, shown when the patient is fixed or already chosen. */
  patientName?: string
  onClose: () => void
}

/** Add or edit a task: type, description, assignee, patient, start, due, "end before", reminder, state. */
export function TaskDrawer({ editing, customerId, patientName, onClose }: Props) {
  const { t } = useTranslation()
  const [form] = Form.useForm<TaskFormValues>()
  const phone = !Grid.useBreakpoint().md
  const session = useSignedIn()
  const timeZone = session.company.timezone
  const create = useCreate('tasks')
  const patch = usePatch('tasks')
  // A refusal about the reminder shows at its time only when that is asked; else as a toast.
  const [patient, setPatient] = useState<CustomerRecord | null>(null)
  // The chosen patient is forgotten on closing (the next opening starts blank).
  const close = () => {
    setPatient(null)
    onClose()
  }
  const { busy, run } = useSaveAndClose(close, (error) => showServerError(form, error, taskFormFields.filter((field) => field !== 'remindAt' || form.getFieldValue('remind') === 'custom')))
  const team = useFind('my-team', { $limit: 500 }, useCan('my-team', 'view')).data?.data ?? []
  const task = editing === 'new' ? null : editing
  const remind = Form.useWatch('remind', form)
  // The patient is chosen when the task is made; a task keeps its patient.
  const fixedPatient = task?.customerId ?? customerId ?? null

  useEffect(() => {
    if (!editing) return
    form.resetFields()
    form.setFieldsValue(formValuesOf(task, { assigneeId: session.user._id, customerId }, timeZone))
    // Fill the form once per opening, not on every live update of the list.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [editing])

  function save(values: TaskFormValues) {
    const data = taskData({ ...values, customerId: fixedPatient ?? patient?._id ?? null }, timeZone)
    if (!task) return run(() => create(data))
    const { customerId: _kept, ...changes } = data
    return run(() => patch(task._id, changes))
  }

  const dateRule = [{ required: true, message: t('errors.field-required') }]
  return (
    <Drawer
      open={editing !== null}
      width={phone ? '100%' : 480}
      title={task ? t('tasks.edit') : t('tasks.new')}
      onClose={close}
      destroyOnHidden
      forceRender
      extra={
        <Space>
          <Button onClick={close}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="task-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} name="task" layout="vertical" requiredMark={false} onFinish={save} disabled={busy} data-testid="task-form">
        <Form.Item name="kind" label={t('tasks.fields.kind')}>
          <Select options={taskKinds.map((kind) => ({ value: kind, label: t(`tasks.kinds.${kind}`) }))} data-testid="task-kind" />
        </Form.Item>
        <Form.Item name="description" label={t('tasks.fields.description')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
          <Input.TextArea autoSize={{ minRows: 2, maxRows: 8 }} maxLength={MAX_TASK_DESCRIPTION} placeholder={t('tasks.descriptionPlaceholder')} data-testid="task-description" />
        </Form.Item>
        <Form.Item name="assigneeId" label={t('tasks.fields.assignee')} rules={dateRule}>
          <Select
            showSearch
            optionFilterProp="label"
            data-testid="task-assignee"
            options={team.map((member) => ({ value: member._id, label: `${member.first_name} ${member.last_name}`.trim() }))}
          />
        </Form.Item>
        <Form.Item label={t('tasks.fields.patient')}>
          {fixedPatient ? (
            <Typography.Text>{patientName ?? ''}</Typography.Text>
          ) : (
            <CustomerPicker value={patient} onChange={setPatient} placeholder={t('tasks.patientSearch')} testId="task-patient" />
          )}
        </Form.Item>
        <Space.Compact block>
          <Form.Item name="startAt" label={t('tasks.fields.startAt')} rules={dateRule} style={{ flex: 1, marginRight: 12 }}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME} allowClear={false} style={{ width: '100%' }} data-testid="task-start" />
          </Form.Item>
          <Form.Item name="dueAt" label={t('tasks.fields.dueAt')} rules={dateRule} style={{ flex: 1 }}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME} allowClear={false} style={{ width: '100%' }} data-testid="task-due" />
          </Form.Item>
        </Space.Compact>
        <Form.Item name="endBefore" label={t('tasks.fields.endBefore')} extra={t('tasks.endBeforeHint')}>
          <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME} style={{ width: '100%' }} data-testid="task-end-before" />
        </Form.Item>
        <Form.Item name="remind" label={t('tasks.fields.remindAfter')}>
          <Select options={remindChoices.map((choice) => ({ value: choice, label: t(`tasks.remind.${choice}`) }))} data-testid="task-remind" />
        </Form.Item>
        {remind === 'custom' && (
          <Form.Item name="remindAt" label={t('tasks.fields.remindAt')} rules={dateRule}>
            <DatePicker showTime={{ format: 'HH:mm' }} format={DATE_TIME} style={{ width: '100%' }} data-testid="task-remind-at" />
          </Form.Item>
        )}
        <Form.Item name="status" label={t('tasks.fields.status')}>
          <Select options={taskStatuses.map((status) => ({ value: status, label: t(status === 'done' ? 'tasks.done' : 'tasks.inProgress') }))} />
        </Form.Item>
      </Form>
    </Drawer>
  )
}
