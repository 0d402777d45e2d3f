import { service } from './client'
import { sessionStore } from './session-store'
import type { CompanySummary, PermissionsInfo, RoleRecord, UserRecord } from './types'

// The signed-in identity stays current when someone else changes it: the person's role
// (sidebar and buttons follow at once), their own record, and the company's modules.
service<RoleRecord>('roles').on('patched', (role) => {
  sessionStore.update((session) => (session.role?._id === role._id ? { ...session, role: { ...session.role, ...role } } : session))
})
service<UserRecord>('users').on('patched', (user) => {
  const session = sessionStore.get()
  if (!session || session.user._id !== user._id) return
  const roleChanged = Boolean(user.roleId) && user.roleId !== session.user.roleId
  sessionStore.update((current) => ({ ...current, user: { ...current.user, ...user }, branchIds: user.branchIds ?? current.branchIds }))
  if (roleChanged) void refreshMyRole(user.roleId)
})

/** Another role was given to this person: what they may do now comes from the server. */
async function refreshMyRole(roleId: string) {
  try {
    const info = (await service('permissions').find()) as unknown as PermissionsInfo
    const name = await service<RoleRecord>('roles')
      .get(roleId)
      .then((role) => role.name)
      .catch(() => '')
    sessionStore.update((session) => ({ ...session, role: { _id: roleId, name: name || session.role.name, permissions: info.mine } }))
  } catch {
    // Keeping the old view is safe: the server decides every call anyway.
  }
}
service<CompanySummary>('company').on('patched', (company) => {
  sessionStore.update((session) => (session.company._id === company._id ? { ...session, company: { ...session.company, ...company } } : session))
})
