import type { ParameterizedContext } from 'koa'
import type { Application } from '../declarations'
import { templateLocaleOf, type TemplateLocale } from '../../../domain/messaging/templates'
import { clockOf } from '../services/messaging/communications/appointment-messages'
import { optOutCustomer } from '../services/customers/customers/customer-audience'
import { companyContact } from '../services/company/company/company-reads'
import { customerOfOptOutToken } from '../services/messaging/dispatch/opt-out-token'
import { recordOptOut } from '../services/messaging/dispatch/dispatch-store'

/**
 * `/u/<token>`: the opt-out page of a broadcast's SMS (docs/decisions/messaging.md "Dispatch").
 * A GET shows the clinic's name and one button and changes nothing (link scanners and previews
 * follow GETs); `POST /u/<token>` turns the patient's promo consent off through the customers
 * service (the card and every list hear it) and records the opt-out. The general SMS consent
 * stays: visit reminders still come.
 */
const texts: Record<TemplateLocale, Record<'title' | 'ask' | 'button' | 'done' | 'invalid', string>> = {
  ru: { title: 'Отписка от рассылок', ask: 'Больше не получать рекламные SMS от клиники? Напоминания о визитах будут приходить.', button: 'Отписаться', done: 'Готово: рекламные SMS больше не придут.', invalid: 'Ссылка недействительна.' },
  uz: { title: 'Xabarnomalardan voz kechish', ask: 'Klinikadan reklama SMS olishni to‘xtatasizmi? Qabul eslatmalari kelaveradi.', button: 'Voz kechish', done: 'Tayyor: reklama SMS endi kelmaydi.', invalid: 'Havola yaroqsiz.' },
  en: { title: 'Unsubscribe', ask: 'Stop receiving promotional SMS from the clinic? Visit reminders will still come.', button: 'Unsubscribe', done: 'Done: no more promotional SMS.', invalid: 'This link is not valid.' }
}
const escape = (value: string) => value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`)

function page(locale: TemplateLocale, body: string) {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta name="robots" content="noindex"><title>${escape(texts[locale].title)}</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f5f5f5;color:#222}main{max-width:28rem;margin:2rem auto;background:#fff;border-radius:12px;padding:1.5rem;box-shadow:0 1px 4px #0002}h1{font-size:1.3rem;margin:0 0 1rem}button{font:inherit;padding:.6rem 1rem;border-radius:8px;border:1px solid #cf1322;background:#fff;color:#cf1322;cursor:pointer}p.note{padding:.6rem;background:#f6ffed;border-radius:8px}</style></head><body><main>${body}</main></body></html>`
}

export async function optOutPage(app: Application, ctx: ParameterizedContext, token: string) {
  if (ctx.method !== 'GET' && ctx.method !== 'POST') {
    ctx.status = 405
    return
  }
  ctx.set('cache-control', 'no-store')
  ctx.set('referrer-policy', 'no-referrer')
  ctx.type = 'html'
  const db = app.get('db')
  const customerId = customerOfOptOutToken(app.get('config').authSecret, token)
  const customer = customerId ? await optOutCustomer(db, customerId) : undefined
  const company = customer ? await companyContact(db, customer.companyId) : undefined
  const locale = templateLocaleOf(customer?.serviceLanguage, company?.locale)
  const t = texts[locale]
  if (!customer || !company) {
    ctx.status = 404
    ctx.body = page(locale, `<h1>${escape(t.title)}</h1><p>${escape(t.invalid)}</p>`)
    return
  }
  const heading = `<h1>${escape(company.name)}</h1>`
  if (ctx.method === 'POST') {
    if (customer.promoSmsConsent) {
      await app.service('customers').patch(customer._id, { promoSmsConsent: false }, { query: { companyId: customer.companyId } })
      await recordOptOut(db, customer.companyId, customer._id, clockOf(app))
    }
    ctx.body = page(locale, `${heading}<p class="note" role="status">${escape(t.done)}</p>`)
    return
  }
  ctx.body = customer.promoSmsConsent
    ? page(locale, `${heading}<p>${escape(t.ask)}</p><form method="post"><button type="submit">${escape(t.button)}</button></form>`)
    : page(locale, `${heading}<p class="note" role="status">${escape(t.done)}</p>`)
}
