import type { FormInstance } from 'antd'
import { errorPath } from '../api/errors'
import { errorMessage, toastError } from '../app/toasts'

/**
 * Architecture: a server error with a field path shows next to that field; any other error is
 * a toast. Returns the field it was shown at, if any.
 */
export function showServerError(form: FormInstance | undefined, error: unknown, knownFields?: string[]): string | undefined {
  const path = errorPath(error)
  const field = path && (!knownFields || knownFields.includes(path)) ? path : undefined
  if (form && field) {
    form.setFields([{ name: field, errors: [errorMessage(error)] }])
    form.scrollToField(field)
    return field
  }
  toastError(error)
  return undefined
}

/** antd rule from a domain validator that returns a message code or null. */
export function ruleFrom(check: (value: unknown) => string | null, translate: (key: string) => string) {
  return {
    validator: async (_: unknown, value: unknown) => {
      const code = check(value)
      if (code) throw new Error(translate(`errors.${code}`))
    }
  }
}
