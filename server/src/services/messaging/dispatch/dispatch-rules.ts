import { BadRequest, Conflict } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { clinicError } from '../../../errors'
import { dbOf } from '../../../hooks/call-transaction'
import { now } from '../../../hooks/ids'
import { dispatchTransition, isMonthDay, type DispatchChannel, type DispatchState } from '../../../../../domain/messaging/dispatch'
import { dispatchProgress, withdrawDispatch } from '../communications/outbox-store'
import { messagingSettings, smsReady } from '../integrations/integration-store'
import { locked } from './dispatch-store'
import type { DispatchData, DispatchPatch } from './dispatch.schema'

/** The variables a broadcast's text may use (filled per patient). */
export const DISPATCH_VARIABLES = ['patient', 'clinic'] as const

function checkContent(data: Partial<DispatchData>) {
  if (data.text !== undefined) {
    const names = [...data.text.matchAll(/\{\{\s*([a-zA-Z]+)\s*\}\}/g)].map((match) => match[1])
    if (names.some((name) => !(DISPATCH_VARIABLES as readonly string[]).includes(name))) throw clinicError(BadRequest, 'dispatch-unknown-variable', 'text')
    if (!data.text.trim()) throw clinicError(BadRequest, 'invalid-request', 'text')
  }
  const filter = data.filter
  if (filter && (Boolean(filter.birthdayFrom) !== Boolean(filter.birthdayTo) || (filter.birthdayFrom && (!isMonthDay(filter.birthdayFrom) || !isMonthDay(filter.birthdayTo!)))))
    throw clinicError(BadRequest, 'dispatch-birthday-period', 'filter.birthdayFrom')
}

export async function dispatchCreateRules(context: HookContext) {
  checkContent(context.data as DispatchData)
}

/**
 * A draft's fields change only while it is a draft; a state moves only as dispatchTransition
 * allows. Scheduling needs the company's account of the broadcast's channel (SMS provider, bot, number). A cancel withdraws the messages no worker
 * took yet, in the call's transaction, with the broadcast's row locked first (the runner writes a
 * page under the same lock, so no page lands after the withdrawal).
 */
export async function dispatchPatchRules(context: HookContext) {
  const data = context.data as DispatchPatch & Record<string, unknown>
  checkContent(data)
  const db = dbOf(context.app, context.params)
  const current = await locked(db as never, String(context.id))
  if (!current || current.companyId !== context.params.identity?.user.companyId) return // the patch answers NotFound
  const { state, ...fields } = data
  if (Object.keys(fields).length > 0 && current.state !== 'draft') throw clinicError(Conflict, 'dispatch-not-draft')
  if (state === undefined || state === current.state) return
  if (!dispatchTransition(current.state, state as DispatchState)) throw clinicError(Conflict, 'dispatch-state-change', 'state')
  if (state === 'scheduled') {
    const settings = await messagingSettings(db, current.companyId, context.app.get('config').authSecret)
    const channel = (data.channel ?? current.channel) as DispatchChannel
    if (channel === 'sms' && !smsReady(settings)) throw clinicError(Conflict, 'dispatch-no-sms-account')
    if (channel === 'telegram' && !settings.telegram) throw clinicError(Conflict, 'telegram-not-configured')
    if (channel === 'whatsapp' && !settings.whatsapp) throw clinicError(Conflict, 'whatsapp-not-configured')
    // By the order, any channel the clinic has an account for will do (each patient by the first that reaches them).
    if (channel === 'order' && !smsReady(settings) && !settings.telegram && !settings.whatsapp) throw clinicError(Conflict, 'dispatch-no-sms-account')
  }
  if (state === 'cancelled') {
    await withdrawDispatch(db, current._id, Date.now())
    Object.assign(data, { finishedAt: now(), progress: await dispatchProgress(db, current._id) })
  }
}

export async function dispatchRemoveRules(context: HookContext) {
  const current = await locked(dbOf(context.app, context.params) as never, String(context.id))
  if (current && current.companyId === context.params.identity?.user.companyId && current.state !== 'draft') throw clinicError(Conflict, 'dispatch-not-draft')
}
