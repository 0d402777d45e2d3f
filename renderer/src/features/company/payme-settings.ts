import { CALLBACK_URL_PATTERN, MERCHANT_ID_PATTERN, type PaymentAccountPatch } from '../../../../server/src/services/billing/online-payments/online-payments.shared'

/** The Payme card's form (PaymeSettingsCard.tsx). */
export interface PaymeFormValues {
  merchantId: string
  /** Empty: keep the stored key (the server never sends it back). */
  key: string
  testMode: boolean
  callbackUrl: string
}

/** Payme's merchant id: 24 hexadecimal characters, as the server's schema says. */
export const validMerchantId = (value: string) => new RegExp(MERCHANT_ID_PATTERN).test(value.trim())

/** Where the checkout sends the patient back: nothing, or an https address (the server's schema). */
export const validCallbackUrl = (value: string) => value.trim() === '' || new RegExp(CALLBACK_URL_PATTERN).test(value.trim())

/** What the form sends: the key only when one was typed, texts trimmed. */
export function paymePatch(values: PaymeFormValues): PaymentAccountPatch {
  const key = values.key.trim()
  const merchantId = values.merchantId.trim()
  return {
    // Empty: the server asks for it ("required") when no account exists yet; else keeps it.
    ...(merchantId ? { merchantId } : {}),
    testMode: values.testMode,
    callbackUrl: values.callbackUrl.trim(),
    ...(key ? { key } : {})
  }
}

/** The address Payme calls (its cabinet's "endpoint URL"): the server's `/hooks/payme/<merchant id>`. */
export const paymeHookUrl = (origin: string, merchantId: string) => `${origin.replace(/\/+$/, '')}/hooks/payme/${merchantId.trim()}`
