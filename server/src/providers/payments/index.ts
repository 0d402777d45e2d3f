import type { OnlinePaymentProviderName } from '../../services/billing/online-payments/online-payments.shared'
import type { OnlinePaymentProvider } from './provider'
import { payme } from './payme'

/** Every online payment provider, by name (docs/decisions/billing-payme.md). */
export const onlinePaymentProviders: Record<OnlinePaymentProviderName, OnlinePaymentProvider> = { payme }
