import { clientService } from '../../../client-service'
import type { CompanyService } from './company.class'
import { defaultCalendarSettings, type CalendarSettings } from '../../../../../domain/schedule/calendar-settings'
import { defaultPerioThresholds, type PerioThresholds } from '../../../../../domain/clinical/perio-thresholds'
import { defaultXrayDoses, type XrayDoses } from '../../../../../domain/clinical/xrays'

export const companyPath = 'company'
export const companyMethods = ['find', 'get', 'patch'] as const
export type CompanyClientService = Pick<CompanyService, (typeof companyMethods)[number]>
export type { Company, CompanyPatch } from './company.schema'

/** The id that names the caller's own company (spec: the 'mine' company is the current one). */
export const MINE = 'mine'

/** Modules a company can switch on and off (spec section 1's features). All start on. */
export const companyModules = [
  'appointments', 'customers', 'treatment', 'billing', 'materials', 'reports', 'notifications',
  'telephony', 'surveys', 'tasks', 'documents', 'labs', 'onlineBooking', 'pos'
] as const
export type CompanyModule = (typeof companyModules)[number]
/**
 * The modules built so far: the company's module switches list only these (the others are
 * stored, on by default, and appear as their issues land). Issue 13: no switch for what is not there.
 */
export const builtModules: readonly CompanyModule[] = ['appointments', 'customers', 'treatment']
export const defaultModules: Record<CompanyModule, boolean> = Object.fromEntries(companyModules.map((name) => [name, true])) as Record<CompanyModule, boolean>

/** Company-wide switches named by the spec (sections 5 and 6). */
export interface CompanySettings {
  phoneProtection: boolean
  branchesSeeAllCustomers: boolean
  requireCustomerSource: boolean
  toothNumbering: 'FDI' | 'American'
  /** The appointment calendar (domain/schedule/calendar-settings.ts). */
  calendar: CalendarSettings
  /** The perio chart's red values (domain/clinical/perio.ts). */
  perioThresholds: PerioThresholds
  /** The dose of one exposure of each X-ray type, 0.1 µSv, prefilled in the X-ray form (domain/clinical/xrays.ts). */
  xrayDoses: XrayDoses
}
export const defaultCompanySettings: CompanySettings = {
  phoneProtection: false,
  branchesSeeAllCustomers: false,
  requireCustomerSource: false,
  toothNumbering: 'FDI',
  calendar: defaultCalendarSettings,
  perioThresholds: { ...defaultPerioThresholds },
  xrayDoses: { ...defaultXrayDoses }
}
export const companyClient = clientService<CompanyClientService>()(companyPath, companyMethods)
