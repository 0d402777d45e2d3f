import { clientService } from '../../../client-service'
import type { Task, TaskData, TaskPatch, TaskQuery, TaskService } from './tasks.class'

export type { Task, TaskData, TaskPatch, TaskQuery }

/** The spec's path (section 7); screens /company/tasks, the patient card's tasks tab, the home screen. */
export const taskPath = 'tasks'
export const taskMethods = ['find', 'get', 'create', 'update', 'patch', 'remove'] as const
export type TaskClientService = Pick<TaskService, (typeof taskMethods)[number]>

/** `call-back`: made by the telephony area for a missed inbound call (docs/decisions/telephony-onlinepbx.md). */
export const taskKinds = ['treatment-reminder', 'user-reminder', 'call-back'] as const
export type TaskKind = (typeof taskKinds)[number]
export const taskStatuses = ['in-progress', 'done'] as const
export type TaskStatus = (typeof taskStatuses)[number]

/** The custom event a due reminder raises, heard only by the task's assignee (docs/decisions/tasks.md). */
export const TASK_REMINDED_EVENT = 'reminded'
export const MAX_TASK_DESCRIPTION = 2000

/** A task not done whose due time has passed (the lists show it in red). */
export const isOverdue = (task: Pick<Task, 'status' | 'dueAt'>, nowMs: number) => task.status !== 'done' && Date.parse(task.dueAt) < nowMs

export const taskClient = clientService<TaskClientService>()(taskPath, taskMethods, { branchScoped: true })

type TaskDates = { startAt: string; dueAt: string; endBefore?: string | null; remindAt?: string | null }

/**
 * The order the dates keep (docs/decisions/tasks.md): due not before the start, the hard deadline
 * not before the due time, the reminder not before the start. The problem's code and field, or null.
 */
export function taskDatesProblem(task: TaskDates): { code: 'task-due-before-start' | 'task-end-before-due' | 'task-remind-before-start'; field: keyof TaskDates } | null {
  const at = (value: string) => Date.parse(value)
  if (at(task.dueAt) < at(task.startAt)) return { code: 'task-due-before-start', field: 'dueAt' }
  if (task.endBefore && at(task.endBefore) < at(task.dueAt)) return { code: 'task-end-before-due', field: 'endBefore' }
  if (task.remindAt && at(task.remindAt) < at(task.startAt)) return { code: 'task-remind-before-start', field: 'remindAt' }
  return null
}
