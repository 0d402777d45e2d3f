import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { Rule } from 'antd/es/form'
import { emailProblem } from '../../../../domain/validation/email'
import { phoneProblem } from '../../../../domain/validation/phone'

/** A domain check that applies only when something was typed (the field itself is optional). */
function whenFilled(check: (value: unknown) => string | null, translate: (key: string) => string): Rule {
  return {
    validator: async (_: unknown, value: unknown) => {
      if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) return
      const code = check(typeof value === 'string' ? value.trim() : value)
      if (code) throw new Error(translate(`errors.${code}`))
    }
  }
}

/** The spec's messages as hints while typing; the server checks again and has the last word. */
export function useCustomerRules() {
  const { t } = useTranslation()
  return useMemo(
    () => ({
      firstName: [{ required: true, whitespace: true, message: t('errors.first-name-required') }] as Rule[],
      lastName: [{ required: true, whitespace: true, message: t('errors.last-name-required') }] as Rule[],
      phone: [whenFilled(phoneProblem, t)],
      email: [whenFilled(emailProblem, t)],
      required: [{ required: true, message: t('errors.field-required') }] as Rule[]
    }),
    [t]
  )
}
