import dayjs from 'dayjs'
import { formValuesOf, recallData, taskData, type Task, type TaskFormValues } from '../../renderer/src/features/tasks/task-form'
import { isOverdue, taskDatesProblem } from '../../server/src/services/tasks/tasks/tasks.shared'

const ZONE = 'Asia/Tashkent' // UTC+5, no daylight saving

describe('the task form (issue 17)', () => {
  const values: TaskFormValues = {
    kind: 'user-reminder',
    description: '  Order implants  ',
    assigneeId: 'u1',
    customerId: null,
    startAt: dayjs('2031-05-01T09:00'),
    dueAt: dayjs('2031-05-02T18:30'),
    endBefore: null,
    remind: 'm1440',
    remindAt: null,
    status: 'in-progress'
  }

  it('reads the pickers as the clinic\'s clock and computes "remind after" from the start', () => {
    const data = taskData(values, ZONE)
    expect(data).toMatchObject({ description: 'Order implants', startAt: '2031-05-01T04:00:00.000Z', dueAt: '2031-05-02T13:30:00.000Z', endBefore: null, remindAt: '2031-05-02T04:00:00.000Z' })
    expect(taskData({ ...values, remind: 'none' }, ZONE).remindAt).toBeNull()
    expect(taskData({ ...values, remind: 'm0' }, ZONE).remindAt).toBe('2031-05-01T04:00:00.000Z')
    expect(taskData({ ...values, remind: 'custom', remindAt: dayjs('2031-05-01T15:15') }, ZONE).remindAt).toBe('2031-05-01T10:15:00.000Z')
    expect(taskData({ ...values, endBefore: dayjs('2031-05-03T12:00') }, ZONE).endBefore).toBe('2031-05-03T07:00:00.000Z')
  })

  it('shows a saved task on the clinic\'s clock and finds its reminder choice again', () => {
    const task = { ...taskData(values, ZONE), _id: 't1', status: 'in-progress', customerId: null, remindedAt: null } as unknown as Task
    const shown = formValuesOf(task, { assigneeId: 'u1' }, ZONE)
    expect(shown.startAt.format('YYYY-MM-DD HH:mm')).toBe('2031-05-01 09:00')
    expect(shown.dueAt.format('YYYY-MM-DD HH:mm')).toBe('2031-05-02 18:30')
    expect(shown.remind).toBe('m1440')
    expect(formValuesOf({ ...task, remindAt: '2031-05-01T06:07:00.000Z' }, { assigneeId: 'u1' }, ZONE).remind).toBe('custom')
    expect(formValuesOf({ ...task, remindAt: null }, { assigneeId: 'u1' }, ZONE).remind).toBe('none')
    // A new task for a patient is a treatment reminder by default; starts now, due in a day.
    const fresh = formValuesOf(null, { assigneeId: 'u2', customerId: 'c1' }, ZONE, Date.parse('2031-05-01T04:00:00Z'))
    expect(fresh).toMatchObject({ kind: 'treatment-reminder', assigneeId: 'u2', customerId: 'c1', remind: 'm0', status: 'in-progress' })
    expect(fresh.startAt.format('YYYY-MM-DD HH:mm')).toBe('2031-05-01 09:00')
    expect(fresh.dueAt.format('YYYY-MM-DD HH:mm')).toBe('2031-05-02 09:00')
  })

  it('sets a recall months ahead on the clinic\'s calendar, at 09:00 there, from a visit or a plan', () => {
    // 23:30 on 31 August in Tashkent is already 31 August there: six months on is 29 February (2032 is a leap year).
    const recall = recallData({ months: 6, customerId: 'c1', assigneeId: 'u1', description: 'Recall', appointmentId: 'a1' }, ZONE, new Date('2031-08-31T18:30:00Z'))
    expect(recall).toEqual({ kind: 'treatment-reminder', description: 'Recall', assigneeId: 'u1', customerId: 'c1', appointmentId: 'a1', startAt: '2032-02-29T04:00:00.000Z', dueAt: '2032-02-29T04:00:00.000Z', remindAt: '2032-02-29T04:00:00.000Z' })
    const fromPlan = recallData({ months: 3, customerId: 'c1', assigneeId: 'u1', description: 'Recall', treatmentPlanId: 'p1' }, ZONE, new Date('2031-01-10T12:00:00Z'))
    expect(fromPlan).toMatchObject({ treatmentPlanId: 'p1', dueAt: '2031-04-10T04:00:00.000Z' })
    expect(fromPlan).not.toHaveProperty('appointmentId')
  })

  it('keeps the dates in order and says what is overdue', () => {
    expect(taskDatesProblem({ startAt: '2031-05-02T00:00:00Z', dueAt: '2031-05-01T00:00:00Z' })).toEqual({ code: 'task-due-before-start', field: 'dueAt' })
    expect(taskDatesProblem({ startAt: '2031-05-01T00:00:00Z', dueAt: '2031-05-02T00:00:00Z', endBefore: '2031-05-01T12:00:00Z' })).toEqual({ code: 'task-end-before-due', field: 'endBefore' })
    expect(taskDatesProblem({ startAt: '2031-05-01T00:00:00Z', dueAt: '2031-05-02T00:00:00Z', remindAt: '2031-04-30T00:00:00Z' })).toEqual({ code: 'task-remind-before-start', field: 'remindAt' })
    expect(taskDatesProblem({ startAt: '2031-05-01T00:00:00Z', dueAt: '2031-05-01T00:00:00Z', endBefore: null, remindAt: '2031-05-01T00:00:00Z' })).toBeNull()
    const now = Date.parse('2031-05-02T00:00:00Z')
    expect(isOverdue({ status: 'in-progress', dueAt: '2031-05-01T23:59:00Z' }, now)).toBe(true)
    expect(isOverdue({ status: 'done', dueAt: '2031-05-01T23:59:00Z' }, now)).toBe(false)
    expect(isOverdue({ status: 'in-progress', dueAt: '2031-05-02T00:01:00Z' }, now)).toBe(false)
  })
})
