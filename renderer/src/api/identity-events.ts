import { client } from './client'
import { sessionStore } from './session-store'
import { queryClient } from './query-client'
import type { Role } from '../../../server/src/services/identity/roles/roles.shared'
import type { User } from '../../../server/src/services/team/users/users.shared'
import type { Company } from '../../../server/src/services/company/company/company.shared'

// The signed-in identity stays current when someone else changes it: the person's role
// (sidebar and buttons follow at once), their own record, and the company's modules and settings.
client.service('roles').on('patched', (role: Role) => {
  sessionStore.update((session) => (session.role?._id === role._id ? { ...session, role: { ...session.role, ...role } } : session))
})
client.service('users').on('patched', (user: User) => {
  const session = sessionStore.get()
  if (!session || session.user._id !== user._id) return
  const roleChanged = Boolean(user.roleId) && user.roleId !== session.user.roleId
  sessionStore.update((current) => ({ ...current, user: { ...current.user, ...user }, branchIds: user.branchIds ?? current.branchIds }))
  if (roleChanged) void refreshMyRole(user.roleId)
})

/** Another role was given to this person: what they may do now comes from the server. */
async function refreshMyRole(roleId: string) {
  try {
    const info = await client.service('permissions').find()
    const role = await client.service('roles')
      .get(roleId)
      .catch(() => null)
    sessionStore.update((session) => ({ ...session, role: { _id: roleId, name: role?.name || session.role.name, key: role ? role.key : session.role.key, permissions: info.mine } }))
  } catch {
    // Keeping the old view is safe: the server decides every call anyway.
  }
}
client.service('company').on('patched', (company: Company) => {
  sessionStore.update((session) => (session.company._id === company._id ? { ...session, company: { ...session.company, ...company } } : session))
  // The screens read the company's settings (tooth numbering, calendar) through `my-company`,
  // which has no events of its own: a change of the company's record refetches it. (The query
  // client, not live.ts: this file is in the sign-in screen's scripts, live.ts is not.)
  void queryClient.invalidateQueries({ queryKey: ['my-company'] })
})
