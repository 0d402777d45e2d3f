import type { Middleware } from 'koa'
import type { Application } from '../declarations'
import { onlinePaymentProviders } from '../providers/payments'

/**
 * Online payment providers' calls (ARCHITECTURE.md: provider webhooks are plain HTTP):
 * `POST /hooks/<provider>/<merchantId>` (Payme: `/hooks/payme/<merchant id>`). The merchant id
 * names the company's account; the provider's own credential (Payme: Basic `Paycom:<key>`) is
 * checked by the provider's handler. Every answer is the provider's protocol, never a page.
 */
export function paymentRoutes(app: Application): Middleware {
  return async (ctx, next) => {
    const hook = /^\/hooks\/(payme)\/([^/]{1,64})$/.exec(ctx.path)
    if (!hook) return next()
    return onlinePaymentProviders[hook[1] as keyof typeof onlinePaymentProviders].handle(app, ctx, hook[2])
  }
}
