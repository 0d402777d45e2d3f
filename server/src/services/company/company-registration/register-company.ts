import type { Knex } from 'knex'
import { Conflict } from '@feathersjs/errors'
import { defaultRoleKeys } from '../../../../../domain/access/default-roles'
import { normalizeEmail } from '../../../../../domain/validation/email'
import { normalizePhone } from '../../../../../domain/validation/phone'
import { clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { hashPassword } from '../../team/users/password-hash'
import { emailRegistered, insertFirstAdministrator } from '../../team/users/user-rows'
import { insertDefaultRoles } from '../../identity/roles/role-rows'
import { defaultModules, defaultCompanySettings } from '../company/company.shared'

/**
 * The first branch's name in the language the clinic signed up in (the interface shows it as
 * it is: an English name would be the one English word of a Russian screen); renamed in settings.
 */
const MAIN_BRANCH_NAMES: Record<string, string> = { ru: 'Основной филиал', ru1: 'Основной филиал', uz: 'Asosiy filial', fi: 'Päätoimipiste', en: 'Main branch' }
export const mainBranchName = (locale: string | undefined) => MAIN_BRANCH_NAMES[locale ?? 'ru'] ?? MAIN_BRANCH_NAMES.ru


export interface NewCompany {
  companyName: string
  phone: string
  email: string
  first_name: string
  last_name: string
  password: string
  timezone?: string
  currency?: string
  locale?: string
  branchName?: string
}

export interface RegisteredCompany {
  companyId: string
  branchId: string
  userId: string
  roleIds: Record<(typeof defaultRoleKeys)[number], string>
}

/**
 * Creates a company with its main branch, the four default roles and its first administrator,
 * all in one transaction: a failure leaves nothing behind. Inputs are already validated.
 */
export async function registerCompany(db: Knex, input: NewCompany): Promise<RegisteredCompany> {
  const email = normalizeEmail(input.email)
  const passwordHash = await hashPassword(input.password)
  const timestamp = now()
  const stamp = { createdAt: timestamp, updatedAt: timestamp, createdBy: null }
  const companyId = newId()
  const branchId = newId()
  const userId = newId()
  const roleIds = Object.fromEntries(defaultRoleKeys.map((key) => [key, newId()])) as RegisteredCompany['roleIds']

  await db.transaction(async (trx) => {
    if (await emailRegistered(trx, email)) throw clinicError(Conflict, 'email-registered', 'email')
    await trx('companies').insert({
      _id: companyId,
      ...stamp,
      name: input.companyName.trim(),
      phone: normalizePhone(input.phone),
      email,
      currency: input.currency ?? 'UZS',
      timezone: input.timezone ?? 'Asia/Tashkent',
      locale: input.locale ?? 'ru',
      modules: JSON.stringify(defaultModules),
      settings: JSON.stringify(defaultCompanySettings),
      subscriptionEndsAt: null
    })
    await trx('branches').insert({ _id: branchId, companyId, ...stamp, name: input.branchName ?? mainBranchName(input.locale), address: '', phone: normalizePhone(input.phone), isMain: true, archived: false })
    await insertDefaultRoles(trx, companyId, roleIds, stamp)
    await insertFirstAdministrator(trx, {
      _id: userId,
      companyId,
      stamp,
      email,
      passwordHash,
      first_name: input.first_name,
      last_name: input.last_name,
      phone: normalizePhone(input.phone),
      roleId: roleIds.administrator,
      branchId,
      locale: input.locale ?? null
    })
  })
  return { companyId, branchId, userId, roleIds }
}
