import { doseToMicroSv, microSvToDose, xrayDoses, xrayTypesNeedingTeeth, type XrayDoses, type XrayType } from '../../../../domain/clinical/xrays'
import type { Xray, XrayData, XrayPatch } from '../../../../server/src/services/clinical/xrays/xrays.shared'

/** The X-ray form's values: the dose in µSv as typed (one decimal), the rest as the record has them. */
export interface XrayFormValues {
  type: XrayType
  date: string
  teeth: number[]
  /** µSv of one exposure. */
  doseMicroSv: number
  quantity: number
  doctorId: string | null
  appointmentId: string | null
  findings: string
}

/** A new X-ray's form: the type's default dose from the company's settings, one exposure, today. */
export function newXrayValues(type: XrayType, today: string, doses: Partial<XrayDoses> | undefined, doctorId: string | null): XrayFormValues {
  return { type, date: today, teeth: [], doseMicroSv: doseToMicroSv(xrayDoses(doses)[type]), quantity: 1, doctorId, appointmentId: null, findings: '' }
}

/** The form of a stored X-ray. */
export function xrayValues(xray: Xray): XrayFormValues {
  return {
    type: xray.type, date: xray.date, teeth: [...xray.teeth], doseMicroSv: doseToMicroSv(xray.dose), quantity: xray.quantity,
    doctorId: xray.doctorId, appointmentId: xray.appointmentId, findings: xray.findings
  }
}

/** Choosing a type prefills its default dose (the company's), as the form shows it. */
export function withType(values: XrayFormValues, type: XrayType, doses: Partial<XrayDoses> | undefined): XrayFormValues {
  return { ...values, type, doseMicroSv: doseToMicroSv(xrayDoses(doses)[type]) }
}

/** Teeth the form must have before it is sent (the server says the same: `teeth-not-selected`). */
export const needsTeeth = (values: Pick<XrayFormValues, 'type' | 'teeth'>) => xrayTypesNeedingTeeth.includes(values.type) && values.teeth.length === 0

/** What a create sends: the form's values, the dose in 0.1 µSv. */
export function xrayData(customerId: string, values: XrayFormValues): XrayData {
  return {
    customerId,
    type: values.type,
    date: values.date,
    teeth: values.teeth,
    dose: microSvToDose(values.doseMicroSv),
    quantity: values.quantity,
    ...(values.doctorId ? { doctorId: values.doctorId } : {}),
    appointmentId: values.appointmentId,
    findings: values.findings.trim()
  }
}

/** What a patch sends: only what changed. */
export function xrayChanges(xray: Xray, values: XrayFormValues): XrayPatch {
  const next = xrayData(xray.customerId, values)
  const changes: Record<string, unknown> = {}
  const before = xray as unknown as Record<string, unknown>
  for (const [key, value] of Object.entries(next)) {
    if (key === 'customerId') continue
    if (JSON.stringify(before[key]) !== JSON.stringify(value)) changes[key] = value
  }
  return changes as XrayPatch
}

/** X-rays grouped by day, newest day first (the list's order). */
export function groupByDate<T extends { date: string }>(xrays: readonly T[]): Array<{ date: string; xrays: T[] }> {
  const groups = new Map<string, T[]>()
  for (const xray of [...xrays].sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : 0))) {
    const list = groups.get(xray.date) ?? []
    list.push(xray)
    groups.set(xray.date, list)
  }
  return [...groups].map(([date, list]) => ({ date, xrays: list }))
}
