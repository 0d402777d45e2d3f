import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { afterCommit, dbOf, inWriteTransaction } from '../../../hooks/call-transaction'
import { newId, now } from '../../../hooks/ids'
import { RowCodec } from '../../row-codec'
import { nextCallState, phoneDigits, type CallDirection, type CallState, type OnpbxEvent } from '../../../../../domain/telephony/onlinepbx'
import type { TelephonySettings } from '../onlinepbx-integration/telephony-store'
import type { HistoryCall } from '../../../providers/telephony/onlinepbx'
import { incomingCallPath } from '../onlinepbx-incoming-call/onlinepbx-incoming-call.shared'
import { CALL_EVENTS_TABLE, CALLS_TABLE, callRowShape, type Call } from './calls.class'
import { callPath } from './calls.shared'
import { memberSeesTask } from '../../tasks/tasks/task-rules'
import { taskPath } from '../../tasks/tasks/tasks.shared'
import { companySettingsFor } from '../../company/company/company-reads'

const codec = new RowCodec(callRowShape)
type Emitter = { emit: (event: string, data: unknown) => void }

/** One thing the PBX said of a call: a webhook event, or a call read from its history. */
export type PbxReport =
  | { kind: 'event'; uuid: string; event: OnpbxEvent; direction: CallDirection; caller: string; callee: string; at: string }
  | { kind: 'history'; call: HistoryCall }

/** The patients whose phone is this number: the spec's phone search (customers' `$search` of digits), first few. */
export async function patientsWithNumber(app: Application, companyId: string, phone: string, params: Params): Promise<Array<Record<string, unknown>>> {
  const digits = phoneDigits(phone)
  if (digits.length < 7) return []
  const found = (await app.service('customers').find({ ...params, query: { companyId, $search: digits, $limit: 5 } } as never)) as { data: Array<Record<string, unknown>> }
  return found.data
}

/** The branch an inbound call to `line` rings: the line's, else the default, else the main branch. */
async function branchOf(app: Application, settings: TelephonySettings, line: string, params: Params): Promise<string> {
  const digits = phoneDigits(line)
  const mapped = digits ? settings.lines.find((one) => digits === one.number || digits.endsWith(one.number) || one.number.endsWith(digits)) : undefined
  if (mapped) return mapped.branchId
  if (settings.defaultBranchId) return settings.defaultBranchId
  const branches = (await app.service('branches').find({ ...params, query: { companyId: settings.companyId, archived: false, $limit: 50 } } as never)) as { data: Array<{ _id: string; isMain: boolean }> }
  return (branches.data.find((branch) => branch.isMain) ?? branches.data[0])._id
}

function facts(report: PbxReport) {
  if (report.kind === 'event') return { uuid: report.uuid, direction: report.direction, caller: report.caller, callee: report.callee, startedAt: report.at }
  const { call } = report
  return { uuid: call.uuid, direction: call.direction, caller: call.caller, callee: call.callee, startedAt: new Date((call.startStamp || Date.now() / 1000) * 1000).toISOString() }
}

/**
 * The call's state and times after a report. History tells how the call ended: talk time means
 * it was answered; an event moves the state on (domain/telephony/onlinepbx.ts, nothing goes back).
 */
function advance(current: Call | null, report: PbxReport): Partial<Call> & { state: CallState } {
  if (report.kind === 'history') {
    const { call } = report
    const answered = call.talkTime > 0 || current?.state === 'started'
    return {
      state: answered ? 'started' : 'not-accepted',
      endedAt: call.endStamp ? new Date(call.endStamp * 1000).toISOString() : (current?.endedAt ?? now()),
      duration: call.duration,
      talkTime: call.talkTime,
      hasRecording: call.talkTime > 0
    }
  }
  const state = nextCallState(current?.state ?? null, report.event, Boolean(current?.answeredAt))
  const changes: Partial<Call> & { state: CallState } = { state }
  if (report.event === 'call_answered' && !current?.answeredAt) changes.answeredAt = report.at
  if (report.event === 'call_end' || report.event === 'call_missed') {
    changes.endedAt = report.at
    const from = Date.parse(current?.startedAt ?? report.at)
    changes.duration = Math.max(0, Math.round((Date.parse(report.at) - from) / 1000))
    const answeredAt = current?.answeredAt ?? changes.answeredAt
    changes.talkTime = answeredAt ? Math.max(0, Math.round((Date.parse(report.at) - Date.parse(answeredAt)) / 1000)) : 0
    changes.hasRecording = state === 'started'
  }
  return changes
}

/** A missed inbound call: a "call back" task for whoever the settings name, due in 15 minutes (PRODUCT-NOTES ). */
async function callBackTask(app: Application, settings: TelephonySettings, call: Call, params: Params): Promise<string | null> {
  if (!settings.callbackAssigneeId) return null
  const who = call.customerId ? (await app.service('customers').get(call.customerId, { ...params, query: { companyId: call.companyId } } as never).catch(() => null)) as Record<string, string> | null : null
  const name = who ? [who.last_name, who.first_name].filter(Boolean).join(' ') : ''
  // The number is what one calls back; the patient's name when known (the task list has no words of ours to translate).
  const description = [`+${call.phone}`, name].filter(Boolean).join(' · ')
  // The assignee must see the patient (their branches): else the task names only the number.
  const db = dbOf(app, params)
  const seesPatient = call.customerId ? await memberSeesTask(db, call.companyId, { assigneeId: settings.callbackAssigneeId, customerId: call.customerId }, await companySettingsFor(db, call.companyId, params)) : false
  const at = now()
  const task = {
    _id: newId(),
    companyId: call.companyId,
    createdAt: at,
    updatedAt: at,
    createdBy: null,
    branchId: call.branchId,
    kind: 'call-back',
    description,
    assigneeId: settings.callbackAssigneeId,
    customerId: seesPatient ? call.customerId : null,
    appointmentId: null,
    treatmentPlanId: null,
    startAt: at,
    dueAt: new Date(Date.now() + 15 * 60_000).toISOString(),
    endBefore: null,
    remindAt: null,
    remindedAt: null,
    status: 'in-progress',
    doneAt: null,
    doneBy: null
  }
  // The tasks service's own write (its data schema is a person's form: no company, no server fields); its event after the commit.
  const tasks = app.service(taskPath) as unknown as { _create: (data: unknown, params: Params) => Promise<{ _id: string }>; emit: (event: string, data: unknown) => void }
  const made = await tasks._create(task, params)
  await afterCommit(params, () => tasks.emit('created', made))
  return made._id
}

/**
 * Takes one report of the PBX, once: a webhook event already taken (same call uuid and event) or
 * a history call already reconciled changes nothing and answers null. In one transaction: the
 * call's row made or moved on, the patient found by number, a missed inbound call's "call back"
 * task; after the commit, the call log's event and, for a call that starts ringing, the screen
 * pop to the users of its branch (onlinepbx-incoming-call).
 */
export async function takePbxReport(app: Application, settings: TelephonySettings, report: PbxReport): Promise<Call | null> {
  const { uuid, direction, caller, callee, startedAt } = facts(report)
  const marker = report.kind === 'event' ? report.event : 'history'
  return inWriteTransaction(app, async (params) => {
    const db = dbOf(app, params)
    const companyId = settings.companyId
    // The (call, event) pair first: a second report of the same pair waits here for the first
    // one's commit (PostgreSQL's unique check), then finds it taken.
    const taken = await db(CALL_EVENTS_TABLE).insert({ companyId, uuid, event: marker }).onConflict(['companyId', 'uuid', 'event']).ignore().returning('uuid')
    if (taken.length === 0) return null
    // The call's row, locked for this report (PostgreSQL; SQLite runs one write at a time anyway).
    const readCall = async () => {
      const query = db(CALLS_TABLE).where({ companyId, uuid }).first()
      if (db.client.config.client === 'pg') query.forUpdate()
      const row = await query
      return row ? codec.fromDb<Call>(row) : null
    }
    let current = await readCall()
    // History only fills in calls that have ended: one the webhooks already closed is left as it is.
    if (report.kind === 'history' && current && current.state !== 'waiting' && current.endedAt) return null
    let made: Call | null = null
    if (!current) {
      const phone = phoneDigits(direction === 'inbound' ? caller : callee)
      const line = phoneDigits(direction === 'inbound' ? callee : caller)
      const patients = await patientsWithNumber(app, companyId, phone, params)
      const fresh: Call = {
        _id: newId(),
        companyId,
        branchId: await branchOf(app, settings, line, params),
        createdAt: now(),
        updatedAt: now(),
        createdBy: null,
        uuid,
        direction,
        phone,
        line,
        customerId: (patients[0]?._id as string | undefined) ?? null,
        userId: null,
        startedAt,
        answeredAt: null,
        endedAt: null,
        duration: 0,
        talkTime: 0,
        hasRecording: false,
        callbackTaskId: null,
        source: report.kind === 'event' ? 'webhook' : 'history',
        state: 'waiting'
      }
      // Another report of this call (another event) may make the row meanwhile: then this one moves it on.
      const inserted = await db(CALLS_TABLE).insert(codec.toDb(fresh)).onConflict(['companyId', 'uuid']).ignore().returning('_id')
      if (inserted.length > 0) made = fresh
      else current = await readCall()
    }
    const changes = advance(made ? null : current, report)
    const base = (made ?? current)!
    const call: Call = { ...base, ...changes, updatedAt: now() }
    await db(CALLS_TABLE).where({ _id: call._id }).update(codec.toDb({ ...changes, updatedAt: call.updatedAt }))
    if (call.state === 'not-accepted' && call.direction === 'inbound' && !call.callbackTaskId) {
      call.callbackTaskId = await callBackTask(app, settings, call, params)
      if (call.callbackTaskId) await db(CALLS_TABLE).where({ _id: call._id }).update({ callbackTaskId: call.callbackTaskId })
    }
    const rings = report.kind === 'event' && made !== null && call.direction === 'inbound' && call.state === 'waiting'
    await afterCommit(params, () => {
      ;(app.service(callPath) as unknown as Emitter).emit(made ? 'created' : 'patched', call)
      if (rings) (app.service(incomingCallPath) as unknown as Emitter).emit('created', call)
    })
    return call
  })
}
