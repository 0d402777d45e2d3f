import { amountInWords } from './amount-in-words'
import type { DocumentContext, DocumentLine } from './context'
import { ageOn, formatDate, formatDateTime, formatLongDate, formatMoney, formatTime, localDay } from './format'
import type { DocumentLanguage } from './kinds'
import { documentLabels } from './labels'

/**
 * The documented dictionary of `{{path}}` variables a template text may hold (the template editor
 * lists it; docs/decisions/documents-rendering.md has the table). Each entry says what it prints in
 * every language, gives an example and reads its value from the DocumentContext: dates by the
 * document's language on the clinic's clock, amounts as money of the context's currency.
 */
export interface DocumentVariable {
  /** What goes between the braces: `patient.fullName`. */
  path: string
  /** What it prints, per language (the editor's list). */
  description: Record<DocumentLanguage, string>
  /** An example value, as the editor shows it. */
  example: string
  /** The value; undefined when the context lacks it. */
  value: (context: DocumentContext) => string | undefined
}

/** What a known variable prints when the context lacks its value: a line to fill in by hand. */
export const MISSING_VALUE = '__________'

type Descriptions = [ru: string, uz: string, en: string, fi: string]

const variable = (path: string, [ru, uz, en, fi]: Descriptions, example: string, value: DocumentVariable['value']): DocumentVariable => ({
  path,
  description: { ru, uz, en, fi },
  example,
  value
})

const money = (context: DocumentContext, minor: number | undefined) => (minor === undefined ? undefined : formatMoney(minor, context.currency, context.language))
const words = (context: DocumentContext, minor: number | undefined) => (minor === undefined ? undefined : amountInWords(minor, context.currency, context.language))
const date = (context: DocumentContext, value: string | undefined) => (value ? formatDate(value, context.language, context.timeZone) : undefined)
const nonEmpty = (value: string | undefined) => (value ? value : undefined)

/** Every tooth number a set of "36 MO, 37" strings names, once each, in FDI order. */
export function teethOf(texts: readonly (string | undefined)[]): string {
  const teeth = new Set<number>()
  for (const text of texts) for (const match of (text ?? '').matchAll(/\b([1-8][1-8]|99)\b/g)) teeth.add(Number(match[1]))
  return [...teeth].sort((a, b) => a - b).join(', ')
}

const lineTeeth = (lines: readonly DocumentLine[] | undefined) => (lines ?? []).map((line) => line.teeth)

/** The teeth the document is about: the lab order's, else the invoice's, the plan's, the visit's. */
function documentTeeth(context: DocumentContext): string | undefined {
  if (context.labOrder?.teeth) return context.labOrder.teeth
  const sources = [
    lineTeeth(context.invoice?.lines),
    (context.plan?.phases ?? []).flatMap((phase) => phase.items.map((item) => item.teeth)),
    lineTeeth(context.appointment?.services),
    lineTeeth(context.payment?.lines)
  ]
  for (const source of sources) {
    const teeth = teethOf(source)
    if (teeth) return teeth
  }
  return undefined
}

/** The total a contract or estimate is about: the invoice's, else the plan's. */
const documentTotal = (context: DocumentContext) => context.invoice?.total ?? context.plan?.total

/** The latest final diagnosis, else the latest one: "K02.1 Кариес дентина (36)". */
function mainDiagnosis(context: DocumentContext): string | undefined {
  const diagnoses = context.medicalCard?.diagnoses ?? []
  const chosen = [...diagnoses].reverse().find((diagnosis) => diagnosis.final) ?? diagnoses.at(-1)
  if (!chosen) return undefined
  return `${chosen.icdCode} ${chosen.title}${chosen.teeth ? ` (${chosen.teeth})` : ''}`
}

export const documentVariables: readonly DocumentVariable[] = [
  variable('today', ['Дата печати', 'Chop etilgan sana', 'Date printed', 'Tulostuspäivä'], '29.11.2026', (c) => date(c, c.printedAt)),
  variable('todayLong', ['Дата печати прописью месяца', 'Chop etilgan sana (oy nomi bilan)', 'Date printed, month in words', 'Tulostuspäivä kuukauden nimellä'], '29 ноября 2026 г.', (c) =>
    formatLongDate(c.printedAt, c.language, c.timeZone)
  ),
  variable('printedAt', ['Дата и время печати', 'Chop etilgan sana va vaqt', 'Date and time printed', 'Tulostusaika'], '29.11.2026 14:05', (c) =>
    formatDateTime(c.printedAt, c.language, c.timeZone)
  ),

  variable('company.name', ['Название клиники', 'Klinika nomi', 'Clinic name', 'Klinikan nimi'], 'Smile Dental', (c) => c.company.name),
  variable('company.legalName', ['Юридическое название', 'Yuridik nomi', 'Legal name', 'Virallinen nimi'], 'ООО «Смайл Дентал»', (c) => nonEmpty(c.company.legalName ?? c.company.name)),
  variable('company.address', ['Юридический адрес', 'Yuridik manzil', 'Legal address', 'Virallinen osoite'], 'Ташкент, ул. Навои, 1', (c) => nonEmpty(c.company.address)),
  variable('company.phone', ['Телефон клиники', 'Klinika telefoni', 'Clinic phone', 'Klinikan puhelin'], '+998 71 200 00 00', (c) => nonEmpty(c.company.phone)),
  variable('company.taxId', ['ИНН', 'STIR', 'Tax number', 'Y-tunnus'], '301234567', (c) => nonEmpty(c.company.taxId)),
  variable('company.licence', ['Лицензия', 'Litsenziya', 'Licence', 'Toimilupa'], '№ 01234 от 01.02.2024', (c) => nonEmpty(c.company.licence)),

  variable('branch.name', ['Филиал', 'Filial', 'Branch', 'Toimipiste'], 'Чиланзар', (c) => nonEmpty(c.branch?.name)),
  variable('branch.address', ['Адрес филиала', 'Filial manzili', 'Branch address', 'Toimipisteen osoite'], 'Ташкент, Чиланзар, 5', (c) => nonEmpty(c.branch?.address ?? c.company.address)),
  variable('branch.phone', ['Телефон филиала', 'Filial telefoni', 'Branch phone', 'Toimipisteen puhelin'], '+998 71 200 00 01', (c) => nonEmpty(c.branch?.phone ?? c.company.phone)),

  variable('patient.fullName', ['ФИО пациента', 'Bemorning F.I.Sh.', 'Patient full name', 'Potilaan nimi'], 'Иванов Иван Иванович', (c) => nonEmpty(c.patient?.fullName)),
  variable('patient.lastName', ['Фамилия пациента', 'Bemorning familiyasi', 'Patient last name', 'Potilaan sukunimi'], 'Иванов', (c) => nonEmpty(c.patient?.lastName)),
  variable('patient.firstName', ['Имя пациента', 'Bemorning ismi', 'Patient first name', 'Potilaan etunimi'], 'Иван', (c) => nonEmpty(c.patient?.firstName)),
  variable('patient.middleName', ['Отчество пациента', 'Bemorning otasining ismi', 'Patient middle name', 'Potilaan toinen nimi'], 'Иванович', (c) => nonEmpty(c.patient?.middleName)),
  variable('patient.birthdate', ['Дата рождения', 'Tugʻilgan sana', 'Date of birth', 'Syntymäaika'], '12.04.1991', (c) => date(c, c.patient?.birthdate)),
  variable('patient.age', ['Возраст, полных лет', 'Yoshi', 'Age', 'Ikä'], '35', (c) => {
    const age = ageOn(c.patient?.birthdate, localDay(c.printedAt, c.timeZone))
    return age === undefined ? undefined : String(age)
  }),
  variable('patient.gender', ['Пол', 'Jinsi', 'Gender', 'Sukupuoli'], 'мужской', (c) => (c.patient?.gender ? documentLabels[c.language].genders[c.patient.gender] : undefined)),
  variable('patient.phone', ['Телефон пациента', 'Bemor telefoni', 'Patient phone', 'Potilaan puhelin'], '+998 90 123 45 67', (c) => nonEmpty(c.patient?.phone)),
  variable('patient.address', ['Адрес пациента', 'Bemor manzili', 'Patient address', 'Potilaan osoite'], 'Ташкент, ул. Бабура, 10', (c) => nonEmpty(c.patient?.address)),
  variable('patient.passport', ['Документ, удостоверяющий личность', 'Shaxsni tasdiqlovchi hujjat', 'Identity document', 'Henkilöllisyystodistus'], 'AA 1234567', (c) => nonEmpty(c.patient?.passport)),
  variable('patient.cardNumber', ['Номер медицинской карты', 'Tibbiy karta raqami', 'Medical card number', 'Potilaskortin numero'], '1024', (c) => nonEmpty(c.patient?.cardNumber)),
  variable('patient.profession', ['Профессия', 'Kasbi', 'Occupation', 'Ammatti'], 'инженер', (c) => nonEmpty(c.patient?.profession)),

  variable('doctor.fullName', ['ФИО врача', 'Shifokorning F.I.Sh.', 'Doctor full name', 'Lääkärin nimi'], 'Петров Пётр Петрович', (c) => nonEmpty(c.doctor?.fullName)),
  variable('doctor.specialty', ['Специальность врача', 'Shifokor mutaxassisligi', 'Doctor specialty', 'Lääkärin erikoisala'], 'стоматолог-терапевт', (c) => nonEmpty(c.doctor?.specialty)),

  variable('appointment.date', ['Дата приёма', 'Qabul sanasi', 'Appointment date', 'Käynnin päivä'], '29.11.2026', (c) => date(c, c.appointment?.start)),
  variable('appointment.time', ['Время приёма', 'Qabul vaqti', 'Appointment time', 'Käynnin kellonaika'], '14:00', (c) => nonEmpty(formatTime(c.appointment?.start, c.timeZone))),
  variable('appointment.doctorName', ['Врач приёма', 'Qabul shifokori', 'Appointment doctor', 'Käynnin lääkäri'], 'Петров П. П.', (c) => nonEmpty(c.appointment?.doctorName)),

  variable('teeth', ['Зубы, о которых документ', 'Hujjatdagi tishlar', 'Teeth the document is about', 'Asiakirjan hampaat'], '36, 37', (c) => documentTeeth(c)),
  variable('diagnosis', ['Основной диагноз с кодом МКБ-10', 'Asosiy tashxis (XKT-10 kodi bilan)', 'Main diagnosis with ICD-10 code', 'Päädiagnoosi ICD-10-koodeineen'], 'K02.1 Кариес дентина (36)', (c) => mainDiagnosis(c)),
  variable('procedure.name', ['Медицинское вмешательство', 'Tibbiy aralashuv', 'Medical procedure', 'Toimenpide'], 'Удаление зуба 38', (c) => nonEmpty(c.procedure?.name)),

  variable('plan.title', ['Название плана лечения', 'Davolash rejasi nomi', 'Treatment plan title', 'Hoitosuunnitelman nimi'], 'Комплексный план', (c) => nonEmpty(c.plan?.title)),
  variable('plan.consultationDate', ['Дата консультации', 'Maslahat sanasi', 'Consultation date', 'Konsultaation päivä'], '29.11.2026', (c) => date(c, c.plan?.consultationDate)),
  variable('plan.priceValidUntil', ['Цены действительны до', 'Narxlar amal qiladi', 'Prices valid until', 'Hinnat voimassa'], '29.12.2026', (c) => date(c, c.plan?.priceValidUntil)),
  variable('plan.subtotal', ['Сумма плана без скидки', 'Reja summasi (chegirmasiz)', 'Plan subtotal', 'Suunnitelma ennen alennusta'], '1 200 000,00 сум', (c) => money(c, c.plan?.subtotal)),
  variable('plan.discountPercent', ['Скидка пациента, %', 'Bemor chegirmasi, %', 'Patient discount, %', 'Potilaan alennus, %'], '5', (c) => (c.plan ? String(c.plan.patientDiscountPercent) : undefined)),
  variable('plan.total', ['Итог плана', 'Reja jami', 'Plan total', 'Suunnitelma yhteensä'], '1 140 000,00 сум', (c) => money(c, c.plan?.total)),
  variable('plan.totalInWords', ['Итог плана прописью', 'Reja jami soʻz bilan', 'Plan total in words', 'Suunnitelma yhteensä kirjaimin'], 'один миллион сто сорок тысяч сумов 00 тийинов', (c) => words(c, c.plan?.total)),

  variable('total', ['Итог документа: счёта, иначе плана', 'Hujjat jami: hisob, boʻlmasa reja', 'Document total: the invoice, else the plan', 'Asiakirjan summa: lasku tai suunnitelma'], '1 650 000,00 сум', (c) =>
    money(c, documentTotal(c))
  ),
  variable('totalInWords', ['Итог документа прописью', 'Hujjat jami soʻz bilan', 'Document total in words', 'Asiakirjan summa kirjaimin'], 'один миллион шестьсот пятьдесят тысяч сумов 00 тийинов', (c) =>
    words(c, documentTotal(c))
  ),

  variable('invoice.number', ['Номер счёта', 'Hisob raqami', 'Invoice number', 'Laskun numero'], 'CH-000123', (c) => nonEmpty(c.invoice?.number)),
  variable('invoice.date', ['Дата счёта', 'Hisob sanasi', 'Invoice date', 'Laskun päivä'], '29.11.2026', (c) => date(c, c.invoice?.date)),
  variable('invoice.total', ['Сумма счёта', 'Hisob summasi', 'Invoice total', 'Laskun summa'], '450 000,00 сум', (c) => money(c, c.invoice?.total)),
  variable('invoice.totalInWords', ['Сумма счёта прописью', 'Hisob summasi soʻz bilan', 'Invoice total in words', 'Laskun summa kirjaimin'], 'четыреста пятьдесят тысяч сумов 00 тийинов', (c) => words(c, c.invoice?.total)),
  variable('invoice.paid', ['Оплачено по счёту', 'Hisob boʻyicha toʻlangan', 'Paid', 'Maksettu'], '200 000,00 сум', (c) => money(c, c.invoice?.paid)),
  variable('invoice.due', ['Остаток к оплате', 'Toʻlanishi kerak', 'Amount due', 'Maksettavaa'], '250 000,00 сум', (c) => money(c, c.invoice?.due)),
  variable('invoice.dueInWords', ['Остаток к оплате прописью', 'Toʻlanishi kerak (soʻz bilan)', 'Amount due in words', 'Maksettavaa kirjaimin'], 'двести пятьдесят тысяч сумов 00 тийинов', (c) => words(c, c.invoice?.due)),

  variable('payment.number', ['Номер платежа', 'Toʻlov raqami', 'Payment number', 'Maksun numero'], '000456', (c) => nonEmpty(c.payment?.number)),
  variable('payment.date', ['Дата и время платежа', 'Toʻlov sanasi va vaqti', 'Payment date and time', 'Maksun aika'], '29.11.2026 14:35', (c) =>
    c.payment ? formatDateTime(c.payment.date, c.language, c.timeZone) : undefined
  ),
  variable('payment.method', ['Способ оплаты', 'Toʻlov usuli', 'Payment method', 'Maksutapa'], 'Наличные', (c) => nonEmpty(c.payment?.method)),
  variable('payment.amount', ['Сумма платежа', 'Toʻlov summasi', 'Amount paid', 'Maksettu summa'], '200 000,00 сум', (c) => money(c, c.payment?.amount)),
  variable('payment.amountInWords', ['Сумма платежа прописью', 'Toʻlov summasi soʻz bilan', 'Amount paid in words', 'Maksettu summa kirjaimin'], 'двести тысяч сумов 00 тийинов', (c) => words(c, c.payment?.amount)),
  variable('payment.cashier', ['Кассир', 'Kassir', 'Cashier', 'Kassa'], 'Сидорова А. А.', (c) => nonEmpty(c.payment?.cashier)),

  variable('labOrder.lab', ['Зуботехническая лаборатория', 'Tish texnik laboratoriyasi', 'Dental laboratory', 'Hammaslaboratorio'], 'Дентал Лаб', (c) => nonEmpty(c.labOrder?.lab)),
  variable('labOrder.work', ['Вид работы', 'Ish turi', 'Work', 'Työ'], 'Металлокерамическая коронка', (c) => nonEmpty(c.labOrder?.work)),
  variable('labOrder.dueDate', ['Срок готовности', 'Tayyor boʻlish muddati', 'Due date', 'Valmistumispäivä'], '06.12.2026', (c) => date(c, c.labOrder?.dueDate)),

  variable('dailyLog.date', ['Дата листка учёта', 'Kundalik sanasi', 'Log date', 'Päiväkirjan päivä'], '29.11.2026', (c) => date(c, c.dailyLog?.date)),
  variable('dailyLog.doctorName', ['Врач листка учёта', 'Kundalik shifokori', 'Log doctor', 'Päiväkirjan lääkäri'], 'Петров П. П.', (c) => nonEmpty(c.dailyLog?.doctorName))
]

const byPath = new Map(documentVariables.map((entry) => [entry.path, entry]))

const VARIABLE = /\{\{\s*([\w.]+)\s*\}\}/g

/** The variables a text names that the dictionary does not know, once each (the editor shows them). */
export function unknownVariables(text: string): string[] {
  const unknown = new Set<string>()
  for (const match of text.matchAll(VARIABLE)) if (!byPath.has(match[1])) unknown.add(match[1])
  return [...unknown]
}

/**
 * A text with its variables filled from the context. A known variable the context lacks prints
 * as a line to fill in by hand; an unknown one stays visible as `{{x}}`.
 */
export function fillVariables(text: string, context: DocumentContext): string {
  return text.replace(VARIABLE, (whole, path: string) => {
    const entry = byPath.get(path)
    if (!entry) return whole
    return entry.value(context) ?? MISSING_VALUE
  })
}
