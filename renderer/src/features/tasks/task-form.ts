import dayjs, { type Dayjs } from 'dayjs'
import { toZoned, zonedToUtc } from '../../../../domain/appointments/zoned-time'
import { addLocalMonths } from '../../../../domain/appointments/recurrence'
import type { RecordOf } from '../../api/live'
import type { TaskData, TaskKind, TaskStatus } from '../../../../server/src/services/tasks/tasks/tasks.shared'

export type Task = RecordOf<'tasks'>

/** "Remind after" the start: minutes, none, or a chosen time (docs/decisions/tasks.md). */
export const remindChoices = ['none', 'm0', 'm60', 'm1440', 'm10080', 'custom'] as const
export type RemindChoice = (typeof remindChoices)[number]
const minutesOf = (choice: RemindChoice) => (choice.startsWith('m') ? Number(choice.slice(1)) : null)

export interface TaskFormValues {
  kind: TaskKind
  description: string
  assigneeId: string
  customerId?: string | null
  startAt: Dayjs
  dueAt: Dayjs
  endBefore?: Dayjs | null
  remind: RemindChoice
  remindAt?: Dayjs | null
  status: TaskStatus
}

/** Fields a server refusal can show at (the patient is not a form field: its refusals are toasts). */
export const taskFormFields = ['kind', 'description', 'assigneeId', 'startAt', 'dueAt', 'endBefore', 'remindAt', 'status']

/** A picker's wall-clock value, read as the clinic's local time (never the computer's zone). */
const instantOf = (value: Dayjs, timeZone: string) => zonedToUtc(value.format('YYYY-MM-DD'), value.format('HH:mm'), timeZone)
/** An instant shown on the clinic's clock in a picker. */
const pickerOf = (instant: string, timeZone: string) => {
  const { date, time } = toZoned(instant, timeZone)
  return dayjs(`${date}T${time}`)
}

/** The form's values as the service's data. */
export function taskData(values: TaskFormValues, timeZone: string): TaskData {
  const startAt = instantOf(values.startAt, timeZone)
  const minutes = minutesOf(values.remind)
  const remindAt =
    values.remind === 'none' ? null : minutes !== null ? new Date(Date.parse(startAt) + minutes * 60_000).toISOString() : values.remindAt ? instantOf(values.remindAt, timeZone) : null
  return {
    kind: values.kind,
    description: values.description.trim(),
    assigneeId: values.assigneeId,
    customerId: values.customerId ?? null,
    startAt,
    dueAt: instantOf(values.dueAt, timeZone),
    endBefore: values.endBefore ? instantOf(values.endBefore, timeZone) : null,
    remindAt,
    status: values.status
  }
}

/** A task's values for the form; a new one starts now, due in a day, reminded at its start. */
export function formValuesOf(task: Task | null, defaults: { assigneeId: string; customerId?: string | null; kind?: TaskKind }, timeZone: string, nowMs = Date.now()): TaskFormValues {
  if (!task) {
    const start = new Date(nowMs).toISOString()
    return {
      kind: defaults.kind ?? (defaults.customerId ? 'treatment-reminder' : 'user-reminder'),
      description: '',
      assigneeId: defaults.assigneeId,
      customerId: defaults.customerId ?? null,
      startAt: pickerOf(start, timeZone),
      dueAt: pickerOf(new Date(nowMs + 86_400_000).toISOString(), timeZone),
      endBefore: null,
      remind: 'm0',
      remindAt: null,
      status: 'in-progress'
    }
  }
  const offset = task.remindAt ? (Date.parse(task.remindAt) - Date.parse(task.startAt)) / 60_000 : null
  const preset = remindChoices.find((choice) => minutesOf(choice) === offset)
  return {
    kind: task.kind,
    description: task.description,
    assigneeId: task.assigneeId,
    customerId: task.customerId,
    startAt: pickerOf(task.startAt, timeZone),
    dueAt: pickerOf(task.dueAt, timeZone),
    endBefore: task.endBefore ? pickerOf(task.endBefore, timeZone) : null,
    remind: task.remindAt === null ? 'none' : (preset ?? 'custom'),
    remindAt: task.remindAt ? pickerOf(task.remindAt, timeZone) : null,
    status: task.status
  }
}

/** The recall periods offered from a visit or a plan. */
export const RECALL_MONTHS = [3, 6, 12] as const
const RECALL_TIME = '09:00'

/** A recall `months` from today on the clinic's calendar: a treatment reminder due and reminded at 09:00 that day. */
export function recallData(
  recall: { months: number; customerId: string; assigneeId: string; description: string; appointmentId?: string; treatmentPlanId?: string },
  timeZone: string,
  now: Date = new Date()
): TaskData {
  const day = addLocalMonths(toZoned(now, timeZone).date, recall.months)
  const at = zonedToUtc(day, RECALL_TIME, timeZone)
  return {
    kind: 'treatment-reminder',
    description: recall.description,
    assigneeId: recall.assigneeId,
    customerId: recall.customerId,
    ...(recall.appointmentId ? { appointmentId: recall.appointmentId } : {}),
    ...(recall.treatmentPlanId ? { treatmentPlanId: recall.treatmentPlanId } : {}),
    startAt: at,
    dueAt: at,
    remindAt: at
  }
}
