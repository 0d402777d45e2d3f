import type { Permission } from '../../../domain/access/resources'

/**
 * Record shapes as the renderer reads them. Where a server `*.shared.ts` exports the same
 * shape, it is re-exported here instead of written again.
 */
export interface Paginated<T> {
  total: number
  limit: number
  skip: number
  data: T[]
}

export interface UserRecord {
  _id: string
  companyId: string
  email: string
  first_name: string
  last_name: string
  middle_name?: string | null
  phone?: string | null
  username?: string | null
  roleId: string
  specialtyId?: string | null
  branchIds: string[]
  color?: string | null
  staticPrice?: number | null
  staticDuration?: number | null
  acceptsAppointments?: boolean
  percentOfRevenue?: number | null
  allowLogin: boolean
  archived: boolean
  isOwner: boolean
  locale?: string | null
  createdAt?: string
  updatedAt?: string
}

export interface CompanySummary {
  _id: string
  name: string
  modules: Partial<Record<string, boolean>>
  timezone: string
  currency: string
  subscriptionEndsAt: string | null
}

export interface RoleRecord {
  _id: string
  name: string
  /** Set on the four default roles (administrator, director, doctor, finance). */
  key?: string | null
  permissions: Permission[]
}

export type { SignInResult } from '../../../server/src/services/identity/authentication/authentication.shared'

export interface SessionRecord {
  _id: string
  userId: string
  userAgent: string
  ip: string
  lastLogin: string
  lastAction: string
  endedAt: string | null
  current?: boolean
}

export interface BranchRecord {
  _id: string
  name: string
  address?: string | null
  phone?: string | null
  isMain: boolean
  archived: boolean
  /** What the branch's invoice numbers start with. */
  invoicePrefix: string
}

export interface CompanyRecord {
  _id: string
  name: string
  phone?: string | null
  email?: string | null
  timezone: string
  currency: string
  locale?: string | null
  modules: Record<string, boolean>
  settings?: Record<string, unknown>
}

export interface MyCompany extends CompanySummary {
  branchCount: number
  teamCount: number
}

export interface TeamMemberPublic {
  _id: string
  first_name: string
  last_name: string
  middle_name?: string | null
  color?: string | null
  specialtyId?: string | null
  roleId: string
  branchIds: string[]
  acceptsAppointments?: boolean
}

export interface SpecialtyRecord {
  _id: string
  name: string
}

export interface PermissionsInfo {
  resources: string[]
  flags: string[]
  mine: Permission[]
}

export type { RegistrationData } from '../../../server/src/services/company/company-registration/company-registration.shared'
