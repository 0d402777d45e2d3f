import type { FormInstance } from 'antd'
import { errorPath } from '../../api/errors'
import { errorMessage, toastError } from '../../app/toasts'

/** A form line: a service and its quantity (the select starts empty). */
export interface LineValues {
  serviceId?: string
  quantity?: number
}

/** The lines a form sends: chosen services only, quantities whole and at least 1. */
export function linesOf(values: readonly LineValues[] | undefined): Array<{ serviceId: string; quantity: number }> {
  return (values ?? []).flatMap((line) => (line?.serviceId ? [{ serviceId: line.serviceId, quantity: Math.max(1, Math.round(line.quantity ?? 1)) }] : []))
}

/** A server path (`items.1.serviceId`) as an antd field name (`['items', 1, 'serviceId']`). */
export function fieldName(path: string): Array<string | number> {
  return path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))
}

/**
 * A server error with a path under one of `fields` (nested ones too) shows at that field, any
 * other as a toast; `fieldOf` moves a path that has no field of its own to the one that shows it.
 */
export function showNestedError(form: FormInstance, error: unknown, fields: readonly string[], fieldOf: (path: string) => string = (path) => path): void {
  const raw = errorPath(error)
  const path = raw ? fieldOf(raw) : undefined
  const name = path ? fieldName(path) : undefined
  if (name && fields.includes(String(name[0]))) {
    form.setFields([{ name, errors: [errorMessage(error)] }])
    form.scrollToField(name)
    return
  }
  toastError(error)
}
