import { BadRequest } from '@feathersjs/errors'
import type { Params } from '@feathersjs/feathers'
import type { Application } from '../../../declarations'
import { asCaller } from '../../../access/caller'
import { clinicError } from '../../../errors'
import { memberDisplayNames } from '../../team/users/user-rows'
import { serviceSnapshot } from '../../catalogue/service/service-rows'
import { planTotals, itemAmount } from '../../../../../domain/clinical/treatment-plans'
import { documentLanguages, isDocumentLanguage, type DocumentKind, type DocumentLanguage } from '../../../../../domain/documents/kinds'
import type { DocumentContext, DocumentLine, DocumentPatient } from '../../../../../domain/documents/context'
import { interfaceWord } from '../../../documents/interface-words'
import { formatPhone } from '../../../../../domain/validation/phone'
import { medicalCardOf } from './medical-card'
import { assertMaySeeDoctorDay, dailyLogOf } from './daily-log'
import { todayIn } from '../../customers/customers/customer-rules'
import { sourcedKinds, type PrintedDocumentData } from './documents.shared'

/** What a print is about, found as the caller may see it. */
export interface DocumentSubject {
  context: DocumentContext
  customerId: string | null
  /** The branch of the record printed (the patient's, the invoice's...). */
  branchId: string | null
  sourceId: string | null
  /** The day a daily log is of; null for the other kinds. */
  day: string | null
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- other services' answers, read by the fields a document prints
type Row = Record<string, any>
const needs = (field: string) => clinicError(BadRequest, 'field-required', field)

/** "36 MO, 37": teeth as the screens write them (FDI, surfaces as stored). */
export function teethText(teeth: ReadonlyArray<{ tooth: number; surfaces?: readonly string[] }> | undefined): string {
  return (teeth ?? []).map(({ tooth, surfaces }) => (surfaces && surfaces.length > 0 ? `${tooth} ${surfaces.join('')}` : String(tooth))).join(', ')
}

export const fullName = (person: { last_name?: string; first_name?: string; middle_name?: string | null }) =>
  [person.last_name, person.first_name, person.middle_name].filter((part) => part && part.trim() !== '').join(' ')

function patientOf(customer: Row): DocumentPatient {
  return {
    fullName: fullName(customer),
    lastName: customer.last_name,
    firstName: customer.first_name,
    middleName: customer.middle_name || undefined,
    birthdate: customer.birthdate ?? undefined,
    gender: customer.gender ?? undefined,
    phone: phoneText(customer.phone),
    address: customer.address || undefined,
    passport: [customer.passportNumber, customer.passportIssuer].filter(Boolean).join(', ') || undefined,
    cardNumber: customer._id.slice(-8).toUpperCase(),
    profession: customer.profession || undefined
  }
}

/** The document's language: asked for, else the patient's service language, else the company's, else Russian. */
function languageOf(asked: DocumentLanguage | undefined, patient: Row | undefined, companyLocale: string): DocumentLanguage {
  if (asked) return asked
  if (isDocumentLanguage(patient?.serviceLanguage)) return patient.serviceLanguage
  const company = companyLocale === 'ru1' ? 'ru' : companyLocale
  return (documentLanguages as readonly string[]).includes(company) ? (company as DocumentLanguage) : 'ru'
}

const internal = { paginate: false } as const


/** A stored phone as printed: the spec's display format, as on the screens. */
const phoneText = (phone: string | null | undefined) => (phone ? formatPhone(phone) || undefined : undefined)

/** What every document prints: the clinic, the branch, the language, money and clock, when. */
function letterhead(company: Row, branch: Row, language: DocumentLanguage, printedAt: string) {
  return {
    language,
    currency: company.currency as string,
    timeZone: company.timezone as string,
    printedAt,
    copy: false,
    company: { name: company.name as string, phone: phoneText(company.phone) },
    branch: { name: branch.name as string, address: (branch.address as string) || undefined, phone: phoneText(branch.phone) }
  }
}

/** The plan, invoice or payment a kind is printed from, read as the caller (their permission, branch and patient rules). */
async function sourceOf(app: Application, params: Params, kind: DocumentKind, sourceId: string | undefined): Promise<Row | undefined> {
  const path = sourcedKinds[kind as keyof typeof sourcedKinds]
  if (!path) return undefined
  if (!sourceId) throw needs('sourceId')
  return (await app.service(path as 'invoices').get(sourceId, asCaller(params))) as Row
}

/**
 * Finds everything a document prints, as the caller: the source record and the patient through
 * their services (so a record the caller may not see is NotFound or Forbidden, as on screen), the
 * company, branch and names by their owners' reads. Nothing is written.
 */
export async function documentSubject(app: Application, params: Params, data: PrintedDocumentData, printedAt: string): Promise<DocumentSubject> {
  if (data.kind === 'daily-log-037') return dailyLogSubject(app, params, data, printedAt)
  const companyId = params.identity!.user.companyId as string
  const db = app.get('db')
  const source = await sourceOf(app, params, data.kind, data.sourceId)
  const customerId = (source?.customerId as string | undefined) ?? data.customerId
  if (!customerId) throw needs('customerId')
  const customer = (await app.service('customers').get(customerId, asCaller(params))) as Row
  const company = (await app.service('company').get(companyId)) as Row
  const branchId = (source?.branchId as string | undefined) ?? (customer.branchId as string)
  const branch = (await app.service('branches').get(data.branchId ?? branchId, { query: { companyId } })) as Row
  const language = languageOf(data.language, customer, company.locale)
  const doctorId = (source?.doctorId as string | null | undefined) ?? data.doctorId ?? (params.identity!.user._id as string)
  const names = await memberDisplayNames(db, companyId, [doctorId, params.identity!.user._id])
  const context: DocumentContext = {
    ...letterhead(company, branch, language, printedAt),
    patient: patientOf(customer),
    doctor: { fullName: names.get(doctorId) ?? '' }
  }
  const word = (key: string) => interfaceWord(language, key)
  switch (data.kind) {
    case 'treatment-plan':
      context.plan = planOf(source!, customer.discount ?? 0, word)
      break
    case 'invoice':
    case 'act':
      context.invoice = invoiceOf(source!)
      break
    case 'receipt':
      context.payment = await paymentOf(app, source!, word, names.get(params.identity!.user._id))
      break
    case 'consent':
    case 'refusal': {
      // For a catalogue service: its name unless the procedure is named ("Удаление зуба 38").
      const service = data.serviceId ? await serviceSnapshot(db, companyId, data.serviceId) : undefined
      if (data.serviceId && !service) throw clinicError(BadRequest, 'invalid-reference', 'serviceId')
      const procedure = data.procedure ?? service?.name
      if (!procedure) throw needs('procedure')
      context.procedure = { name: procedure }
      break
    }
    case 'lab-order':
      if (!data.labOrder) throw needs('labOrder')
      context.labOrder = { ...data.labOrder }
      break
    case 'medical-card-043':
      context.medicalCard = await medicalCardOf(app, params, customerId, language)
      break
    default:
      break
  }
  // A consent or refusal for a service is that service's document: its versions are per service.
  const consentFor = (data.kind === 'consent' || data.kind === 'refusal') && data.serviceId ? data.serviceId : null
  return { context, customerId, branchId, sourceId: source ? (source._id as string) : consentFor, day: null }
}

/**
 * A daily log 037/у is a doctor's day, not a patient's: printed in the caller's current branch,
 * for the doctor named (the caller by default) and the day named (today on the clinic's clock).
 * Its source is the doctor, and its versions are per doctor and day.
 */
async function dailyLogSubject(app: Application, params: Params, data: PrintedDocumentData, printedAt: string): Promise<DocumentSubject> {
  const companyId = params.identity!.user.companyId as string
  if (!data.branchId) throw needs('branchId')
  const doctorId = data.doctorId ?? (params.identity!.user._id as string)
  assertMaySeeDoctorDay(params, doctorId)
  const company = (await app.service('company').get(companyId)) as Row
  const branch = (await app.service('branches').get(data.branchId, { query: { companyId } })) as Row
  const language = languageOf(data.language, undefined, company.locale)
  const day = data.date ?? todayIn(company.timezone)
  const doctorName = (await memberDisplayNames(app.get('db'), companyId, [doctorId])).get(doctorId) ?? ''
  const context: DocumentContext = {
    ...letterhead(company, branch, language, printedAt),
    doctor: { fullName: doctorName },
    dailyLog: await dailyLogOf(app, params, doctorId, day, doctorName, language)
  }
  return { context, customerId: null, branchId: data.branchId, sourceId: doctorId, day }
}

function planOf(plan: Row, patientDiscount: number, word: (key: string) => string): DocumentContext['plan'] {
  const totals = planTotals(plan.phases, patientDiscount)
  const options = new Map<string, string>()
  return {
    title: plan.title,
    consultationDate: plan.consultationDate,
    priceValidUntil: plan.priceValidUntil,
    phases: (plan.phases as Row[]).map((phase, index) => ({
      title: phase.title,
      items: (phase.items as Row[])
        .filter((item) => item.status !== 'rejected')
        .map((item) => {
          let alternative: string | undefined
          if (item.alternativeGroup) {
            const key = `${item.alternativeGroup}/${item.alternative ?? ''}`
            if (!options.has(key)) options.set(key, String.fromCharCode(65 + [...options.keys()].filter((k) => k.startsWith(`${item.alternativeGroup}/`)).length))
            alternative = `${word('treatmentPlan.alternativeTag')} ${options.get(key)}`
          }
          return {
            teeth: teethText(item.teeth),
            name: item.serviceName,
            code: item.serviceCode ?? undefined,
            quantity: item.quantity,
            price: item.price,
            discountPercent: item.discount,
            total: itemAmount(item as never),
            urgency: word(`treatmentPlan.urgencies.${item.urgency}`),
            alternative
          }
        }),
      total: totals.phases[index].total
    })),
    subtotal: totals.plan.subtotal,
    patientDiscountPercent: patientDiscount,
    total: totals.plan.total
  }
}

const invoiceLine = (line: Row): DocumentLine => ({
  name: line.serviceName,
  code: line.serviceCode ?? undefined,
  teeth: teethText(line.teeth) || undefined,
  quantity: line.quantity,
  price: line.price,
  discount: line.price * line.quantity - line.amount,
  total: line.amount
})

function invoiceOf(invoice: Row): DocumentContext['invoice'] {
  return { number: invoice.number, date: invoice.issuedOn, lines: (invoice.lines as Row[]).map(invoiceLine), total: invoice.total, paid: invoice.paid, due: invoice.due }
}

/** A receipt prints what the payment paid: the lines of the invoices it was allocated to, else the amount alone. */
async function paymentOf(app: Application, payment: Row, word: (key: string) => string, cashier: string | undefined): Promise<DocumentContext['payment']> {
  const invoiceIds = [...new Set(((payment.allocations ?? []) as Row[]).map((allocation) => allocation.invoiceId as string | null).filter((id): id is string => Boolean(id)))]
  const invoices = invoiceIds.length === 0 ? [] : ((await app.service('invoices').find({ ...internal, query: { companyId: payment.companyId, _id: { $in: invoiceIds } } })) as unknown as Row[])
  const lines = invoices.flatMap((invoice) => (invoice.lines as Row[]).map(invoiceLine))
  return {
    number: payment._id.slice(-8).toUpperCase(),
    date: payment.date,
    method: word(`billing.methods.${payment.method}`),
    amount: Math.abs(payment.amount),
    cashier,
    lines: lines.length > 0 ? lines : undefined
  }
}
