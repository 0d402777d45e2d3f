import type { Application } from '../../../declarations'
import { RecordService, recordOptions, type RecordParams } from '../../record.class'
import { newId, now } from '../../../hooks/ids'
import type { ToothEvent, ToothEventData, ToothEventQuery } from './tooth.schema'

export type { ToothEvent, ToothEventData, ToothEventQuery }
export type ToothParams = RecordParams & {
  query?: ToothEventQuery
  /** For a `remove`: the event it ends, once checked (same patient, still on the chart). */
  endedEvent?: ToothEvent
}

/**
 * The chart's events. `create` turns one call into one row per tooth, written together in the
 * call's transaction (an external write always runs in one: register-service.ts), so a chart
 * entry on several teeth is all there or not at all. Always answers the list of written events.
 */
export class ToothService extends RecordService<ToothEvent, ToothEventData, ToothParams> {
  // Typed `any` because Feathers' create promises one record for one data object; this one
  // answers ToothEvent[] (one per tooth) whatever it is given.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override async create(data: ToothEventData | ToothEventData[], params?: ToothParams): Promise<any> {
    const calls = Array.isArray(data) ? data : [data]
    const rows = calls.flatMap((call) => eventRows(call, params))
    // One by one in the call's transaction (the adapter's array insert would encode twice).
    const written: ToothEvent[] = []
    for (const row of rows) written.push(await this._create(row, params))
    return written
  }
}

function eventRows(data: ToothEventData & { companyId?: string }, params?: ToothParams): ToothEvent[] {
  const stamp = now()
  const base = {
    companyId: params?.identity?.user.companyId ?? data.companyId ?? '',
    createdAt: stamp,
    updatedAt: stamp,
    createdBy: params?.identity?.user._id ?? null,
    customerId: data.customerId,
    note: data.note?.trim() || null,
    appointmentId: null
  }
  const ended = params?.endedEvent
  if (data.action === 'remove' && ended) {
    return [{ ...base, _id: newId(), tooth: ended.tooth, action: 'remove', code: null, condition: null, status: null, surfaces: [], degree: null, endsEventId: ended._id }]
  }
  const condition = (data.condition ?? null) as ToothEvent['condition']
  return (data.teeth ?? []).map((entry) => ({
    ...base,
    _id: newId(),
    tooth: entry.tooth,
    action: 'add' as const,
    code: (data.code ?? null) as ToothEvent['code'],
    condition,
    // A whole-tooth condition is what is in the mouth now.
    status: condition ? 'existing' : data.status ?? 'existing',
    surfaces: (entry.surfaces ?? []) as ToothEvent['surfaces'],
    degree: data.degree ?? null,
    endsEventId: null
  }))
}

export const toothServiceOptions = (app: Application) => recordOptions(app, 'tooth_events', { trash: false })
export { toothRowShape } from './tooth-rows'
