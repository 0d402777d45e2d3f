import type { DocumentKind, DocumentLanguage } from './kinds'

/**
 * The typed variable dictionary every document is rendered from (issue 17). The server's
 * `documents` service fills it from the records (patient, plan, invoice, chart, ...); the
 * builders and the `{{path}}` variables of the template texts (variables.ts) only read it.
 *
 * Conventions: amounts are integers of the currency's minor units (as in domain/billing/money.ts:
 * every currency the product takes has two decimals, UZS included); a calendar day is
 * 'YYYY-MM-DD' (shown as it is, never shifted by a zone); an instant is an ISO string with its
 * offset ('2026-11-29T07:45:00Z'), shown on the clinic's clock (`timeZone`). Texts are already in
 * the document's language (service names, method labels, diagnosis titles).
 */

/** Tenancy's legal entity: the clinic as it signs documents. */
export interface DocumentCompany {
  /** The clinic's name as patients know it. */
  name: string
  /** The legal entity's full name (LLC "..."), for contracts, invoices and acts. */
  legalName?: string
  /** The legal address. */
  address?: string
  /** The reception phone. */
  phone?: string
  /** Taxpayer number (ИНН / STIR / Y-tunnus). */
  taxId?: string
  /** The medical licence: number, date, issuer, as one line. */
  licence?: string
}

/** The branch the document is printed in. */
export interface DocumentBranch {
  /** The branch's name. */
  name: string
  /** The branch's address. */
  address?: string
  /** The branch's phone. */
  phone?: string
}

export type DocumentGender = 'male' | 'female'

/** The patient the document is about. */
export interface DocumentPatient {
  /** Full name as printed: "Иванов Иван Иванович". */
  fullName: string
  /** Family name. */
  lastName: string
  /** Given name. */
  firstName: string
  /** Patronymic, where one is used. */
  middleName?: string
  /** Birthdate, 'YYYY-MM-DD'. */
  birthdate?: string
  /** Gender as the card prints it. */
  gender?: DocumentGender
  /** Phone, formatted. */
  phone?: string
  /** Home address. */
  address?: string
  /** Identity document as one line (series, number, issued by, date). */
  passport?: string
  /** The medical card number (043/у). */
  cardNumber?: string
  /** Profession or place of work (043/у asks for it). */
  profession?: string
}

/** The attending doctor. */
export interface DocumentDoctor {
  /** Full name as printed. */
  fullName: string
  /** Specialty in the document's language ("стоматолог-терапевт"). */
  specialty?: string
}

/** A priced line of services or goods (an appointment's services, an invoice's, a receipt's). */
export interface DocumentLine {
  /** The service's or good's name. */
  name: string
  /** The price-list code. */
  code?: string
  /** Teeth the line is for, as written: "36 MO, 37". */
  teeth?: string
  /** Quantity (a whole number of units). */
  quantity: number
  /** Unit price, minor units. */
  price: number
  /** The line's discount, minor units (0 when none). */
  discount: number
  /** What the line costs: price × quantity − discount, minor units. */
  total: number
}

/** The appointment the document is printed for. */
export interface DocumentAppointment {
  /** Start, ISO instant. */
  start: string
  /** End, ISO instant. */
  end: string
  /** The doctor's full name. */
  doctorName: string
  /** The services done or planned. */
  services: DocumentLine[]
}

/** One item of a treatment plan's phase. */
export interface DocumentPlanItem {
  /** Teeth as written: "36 MO, 37"; empty for a whole-mouth item. */
  teeth: string
  /** The service's name. */
  name: string
  /** The price-list code. */
  code?: string
  /** Quantity. */
  quantity: number
  /** Unit price, minor units. */
  price: number
  /** The item's own discount, percent 0..100. */
  discountPercent: number
  /** The item's amount after its discount, minor units. */
  total: number
  /** Urgency label in the document's language ("срочно", "планово"). */
  urgency: string
  /** Set when the item is an alternative: its label ("вариант Б"). */
  alternative?: string
}

/** A phase of a treatment plan. */
export interface DocumentPlanPhase {
  /** The phase's title ("Этап 1. Санация"). */
  title: string
  /** Its items. */
  items: DocumentPlanItem[]
  /** Sum of its items, minor units. */
  total: number
}

/** A treatment plan with its estimate. */
export interface DocumentPlan {
  /** The plan's title. */
  title: string
  /** Day of the consultation, 'YYYY-MM-DD'. */
  consultationDate: string
  /** Last day the prices hold, 'YYYY-MM-DD'. */
  priceValidUntil: string
  /** Phases in order. */
  phases: DocumentPlanPhase[]
  /** Sum of the phases, minor units. */
  subtotal: number
  /** The patient's discount on the subtotal, percent 0..100. */
  patientDiscountPercent: number
  /** What the patient pays: subtotal less the patient's discount, minor units. */
  total: number
}

/** An invoice (also the act of services' lines). */
export interface DocumentInvoice {
  /** Its number with the branch prefix. */
  number: string
  /** Issue day, 'YYYY-MM-DD'. */
  date: string
  /** Its lines. */
  lines: DocumentLine[]
  /** What the invoice asks, minor units. */
  total: number
  /** Paid so far, minor units. */
  paid: number
  /** Still owed, minor units. */
  due: number
}

/** A payment, printed as a receipt. */
export interface DocumentPayment {
  /** The payment's number. */
  number: string
  /** When it was taken, ISO instant. */
  date: string
  /** The method's label in the document's language ("Наличные"). */
  method: string
  /** Amount taken, minor units. */
  amount: number
  /** Change given back for cash, minor units. */
  change?: number
  /** The cashier's full name. */
  cashier?: string
  /** What was paid for; without lines the receipt prints the amount alone. */
  lines?: DocumentLine[]
}

/** A diagnosis on the medical card. */
export interface DocumentDiagnosis {
  /** Day it was set, 'YYYY-MM-DD'. */
  date: string
  /** Teeth as written ("36, 37"). */
  teeth?: string
  /** ICD-10 code ("K02.1"). */
  icdCode: string
  /** The code's title in the document's language. */
  title: string
  /** Final (true) or preliminary diagnosis. */
  final: boolean
}

/** One entry of the 043/у diary of visits. */
export interface DocumentVisit {
  /** Day of the visit, 'YYYY-MM-DD'. */
  date: string
  /** The doctor's full name. */
  doctorName: string
  /** Teeth treated. */
  teeth?: string
  /** Complaints at the visit. */
  complaints?: string
  /** Objective findings. */
  findings?: string
  /** Diagnosis as text (code and title). */
  diagnosis?: string
  /** Treatment done. */
  treatment: string
}

/**
 * The medical card of a dental patient, form 043/у (PRODUCT-NOTES 9.1). `formula` maps an FDI
 * tooth ('11'..'48', '51'..'85') to its condition codes (domain/clinical/conditions.ts) separated by
 * spaces: "C", "Pl C", "TM2" (mobility with its degree). A tooth without an entry is intact.
 */
export interface DocumentMedicalCard {
  /** Complaints. */
  complaints: string
  /** History of the present disease. */
  anamnesis: string
  /** Allergological history ("не отягощён" when none). */
  allergies: string
  /** External examination. */
  externalExam: string
  /** Bite. */
  bite: string
  /** Oral mucosa, gums, alveolar processes and palate. */
  mucosa: string
  /** X-ray and laboratory data. */
  xrayFindings: string
  /** The dental formula: FDI tooth → condition codes. */
  formula: Record<string, string>
  /** Diagnoses with ICD-10 codes, oldest first. */
  diagnoses: DocumentDiagnosis[]
  /** Treatment plan as text. */
  plan?: string
  /** Diary of visits, oldest first. */
  visits: DocumentVisit[]
}

/** One row of the dentist's daily log, form 037/у-88. */
export interface DocumentDailyLogRow {
  /** Running number. */
  no: number
  /** Appointment time, 'HH:mm' on the clinic's clock. */
  time: string
  /** The patient's full name. */
  patientName: string
  /** Age in full years. */
  age?: number
  /** First visit this year (true) or repeat. */
  firstVisit: boolean
  /** The 043/у card number. */
  cardNumber?: string
  /** Diagnosis: ICD-10 code and title. */
  diagnosis?: string
  /** Treatment done. */
  treatment?: string
  /** Labour units (УЕТ) worked, as a decimal number. */
  uet?: number
  /** Town or village resident (037/у-88 asks). */
  residence?: 'town' | 'village'
  /** Population group as the log writes it (schoolchild, pensioner, ...). */
  populationGroup?: string
  /** Anaesthesia given ("инфильтрационная"). */
  anaesthesia?: string
  /** Oral care completed at this visit ("санирован"): planned or on request. */
  sanitised?: 'planned' | 'on-request'
}

/** The dentist's daily log, form 037/у-88. */
export interface DocumentDailyLog {
  /** The doctor's full name. */
  doctorName: string
  /** The day, 'YYYY-MM-DD'. */
  date: string
  /** Patients seen, in order. */
  rows: DocumentDailyLogRow[]
  /** Hours actually worked ("8" or "8:30"). */
  hoursWorked?: string
}

/** A dental laboratory work order. */
export interface DocumentLabOrder {
  /** The laboratory's name. */
  lab: string
  /** The work ordered ("Металлокерамическая коронка"). */
  work: string
  /** Teeth as written. */
  teeth: string
  /** Shade (VITA "A2"). */
  shade?: string
  /** Material. */
  material?: string
  /** Day the work is due, 'YYYY-MM-DD'. */
  dueDate?: string
  /** Notes to the technician. */
  notes?: string
}

/**
 * The medical intervention a consent or refusal is about. The optional texts make the consent
 * procedure-specific (a clinic's library per procedure: extraction, implant, endodontics); the
 * builder prints each under its heading.
 */
export interface DocumentProcedure {
  /** Its name in the document's language ("Удаление зуба 38"). */
  name: string
  /** What will be done and how. */
  description?: string
  /** Possible risks and complications. */
  risks?: string
  /** Other options, including no treatment. */
  alternatives?: string
}

/** Everything a document may print. Which parts a kind needs: docs/decisions/documents-rendering.md. */
export interface DocumentContext {
  /** The language the document is printed in. */
  language: DocumentLanguage
  /** ISO 4217 code of the amounts' currency (UZS, RUB, EUR, USD). */
  currency: string
  /** The clinic's IANA time zone; instants are shown on its clock. */
  timeZone: string
  /** When the document is printed, ISO instant (also the PDF's creation date). */
  printedAt: string
  /** A reprint: the document is marked "copy". */
  copy: boolean
  /** The clinic. */
  company: DocumentCompany
  /** The branch. */
  branch?: DocumentBranch
  /** The patient. */
  patient?: DocumentPatient
  /** The attending doctor. */
  doctor?: DocumentDoctor
  /** The appointment. */
  appointment?: DocumentAppointment
  /** The treatment plan with its estimate. */
  plan?: DocumentPlan
  /** The invoice (invoice, act, contract). */
  invoice?: DocumentInvoice
  /** The payment (receipt). */
  payment?: DocumentPayment
  /** The medical card 043/у. */
  medicalCard?: DocumentMedicalCard
  /** The daily log 037/у. */
  dailyLog?: DocumentDailyLog
  /** The lab work order. */
  labOrder?: DocumentLabOrder
  /** The procedure of a consent or refusal. */
  procedure?: DocumentProcedure
}

/**
 * The parts of the context each kind's fixed structure prints, besides the ones every document
 * has (language, currency, timeZone, printedAt, copy, company, branch): what the service must
 * fill. The shipped texts read the same parts. A contract prints the invoice's lines, or the
 * plan's items when there is no invoice.
 */
export const documentKindParts: Record<DocumentKind, readonly (keyof DocumentContext)[]> = {
  receipt: ['payment', 'patient'],
  invoice: ['invoice', 'patient', 'doctor'],
  act: ['invoice', 'patient'],
  'treatment-plan': ['plan', 'patient', 'doctor'],
  consent: ['procedure', 'patient', 'doctor'],
  refusal: ['procedure', 'patient', 'doctor'],
  contract: ['invoice', 'plan', 'patient'],
  'medical-card-043': ['medicalCard', 'patient', 'doctor'],
  'daily-log-037': ['dailyLog'],
  'lab-order': ['labOrder', 'patient', 'doctor']
}
