import dayjs, { type Dayjs } from 'dayjs'
import { formatPhone } from '../../../../domain/validation/phone'
import { colorValue } from '../../components/color-value'
import type { CustomerData, CustomerRecord, CustomFieldRecord, NotificationChannel } from './customer-types'
import { visibleCustomFields } from './custom-fields'

/** What the form holds: dates as dayjs, the phone as typed, the colour as the picker gives it. */
export interface CustomerFormValues {
  last_name: string
  first_name: string
  middle_name?: string
  gender?: 'male' | 'female' | null
  birthdate?: Dayjs | null
  color?: unknown
  phone?: string
  email?: string
  address?: string
  telegramAccount?: string
  passportNumber?: string
  passportIssuer?: string
  profession?: string
  sourceId?: string | null
  tagIds?: string[]
  smsConsent?: boolean
  promoSmsConsent?: boolean
  notificationChannels?: NotificationChannel[]
  serviceLanguage?: string | null
  discount?: number | null
  blacklisted?: boolean
  customFields?: Record<string, unknown>
}

/** Form fields a server error may point at (`data.path`). */
export const customerFormFields = [
  'last_name', 'first_name', 'middle_name', 'gender', 'birthdate', 'color', 'phone', 'email', 'address', 'telegramAccount',
  'passportNumber', 'passportIssuer', 'profession', 'sourceId', 'tagIds', 'smsConsent', 'promoSmsConsent',
  'notificationChannels', 'serviceLanguage', 'discount', 'blacklisted'
]

/** Languages a customer can be served in, each in its own name (spec 9: English, Russian and more). */
export const serviceLanguages: { value: string; label: string }[] = [
  { value: 'uz', label: "O'zbekcha" },
  { value: 'ru', label: 'Русский' },
  { value: 'en', label: 'English' },
  { value: 'fi', label: 'Suomi' },
  { value: 'kk', label: 'Қазақша' },
  { value: 'ky', label: 'Кыргызча' },
  { value: 'tg', label: 'Тоҷикӣ' },
  { value: 'tr', label: 'Türkçe' }
]

export const DATE_FORMAT = 'YYYY-MM-DD'

/** How dates are typed in the pickers: month first in English, day first in the other languages. */
export function datePickerFormat(language: string): string {
  return language === 'en' ? 'MM/DD/YYYY' : 'DD.MM.YYYY'
}

function fieldToForm(field: CustomFieldRecord, value: unknown): unknown {
  if (field.type === 'date') return typeof value === 'string' && value ? dayjs(value) : undefined
  return value
}

function fieldToData(field: CustomFieldRecord, value: unknown): unknown {
  if (field.type === 'date') return dayjs.isDayjs(value) ? value.format(DATE_FORMAT) : null
  if (field.type === 'text') return typeof value === 'string' && value.trim() ? value.trim() : null
  if (field.type === 'multiselect') return Array.isArray(value) && value.length ? value : null
  return value ?? null
}

/** The form's first values: the contract's defaults for a new customer, the record's own otherwise. */
export function customerToForm(customer: CustomerRecord | null, fields: CustomFieldRecord[] = []): Partial<CustomerFormValues> {
  if (!customer) {
    return { smsConsent: true, promoSmsConsent: false, notificationChannels: ['sms'], tagIds: [], discount: 0, blacklisted: false, customFields: {} }
  }
  const customFields: Record<string, unknown> = {}
  for (const field of fields) customFields[field._id] = fieldToForm(field, customer.customFields?.[field._id])
  return {
    last_name: customer.last_name,
    first_name: customer.first_name,
    middle_name: customer.middle_name,
    gender: customer.gender,
    birthdate: customer.birthdate ? dayjs(customer.birthdate) : null,
    color: customer.color,
    phone: customer.phone ? formatPhone(customer.phone) : '',
    email: customer.email,
    address: customer.address,
    telegramAccount: customer.telegramAccount,
    passportNumber: customer.passportNumber,
    passportIssuer: customer.passportIssuer,
    profession: customer.profession,
    sourceId: customer.sourceId,
    tagIds: customer.tagIds,
    smsConsent: customer.smsConsent,
    promoSmsConsent: customer.promoSmsConsent,
    notificationChannels: customer.notificationChannels,
    serviceLanguage: customer.serviceLanguage,
    discount: customer.discount,
    blacklisted: customer.blacklisted,
    customFields
  }
}

const text = (value: string | undefined | null) => (value ?? '').trim()

/**
 * What goes to the server. Strings are trimmed ('' means none), the phone goes as typed (the
 * server normalises and checks it; its error lands at the field). Custom fields that their
 * show-if condition hides are not sent. The colour is left out when none was picked, so the
 * server picks one from its palette. A hidden phone (phone protection) is never sent back.
 */
export function formToCustomerData(values: CustomerFormValues, fields: CustomFieldRecord[], options: { phoneHidden?: boolean } = {}): CustomerData {
  const customFieldValues = values.customFields ?? {}
  const customFields: Record<string, unknown> = {}
  for (const field of visibleCustomFields(fields, customFieldValues)) {
    customFields[field._id] = fieldToData(field, customFieldValues[field._id])
  }
  const data: CustomerData = {
    last_name: text(values.last_name),
    first_name: text(values.first_name),
    middle_name: text(values.middle_name),
    gender: values.gender ?? null,
    birthdate: values.birthdate ? values.birthdate.format(DATE_FORMAT) : null,
    email: text(values.email),
    address: text(values.address),
    telegramAccount: text(values.telegramAccount),
    passportNumber: text(values.passportNumber),
    passportIssuer: text(values.passportIssuer),
    profession: text(values.profession),
    sourceId: values.sourceId ?? null,
    tagIds: values.tagIds ?? [],
    smsConsent: values.smsConsent ?? true,
    promoSmsConsent: values.promoSmsConsent ?? false,
    notificationChannels: values.notificationChannels ?? [],
    serviceLanguage: values.serviceLanguage ?? null,
    discount: values.discount ?? 0,
    blacklisted: values.blacklisted ?? false,
    customFields
  }
  if (!options.phoneHidden) data.phone = text(values.phone)
  const color = colorValue(values.color)
  if (color) data.color = color
  return data
}

