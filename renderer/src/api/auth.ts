import { client, service, socket } from './client'
import { chooseBranch, setCurrentBranch } from './branch'
import { isNotAuthenticated } from './errors'
import { queryClient } from './query-client'
import { sessionStore } from './session-store'
import type { CompanySummary, PermissionsInfo, RoleRecord, SignInResult, UserRecord } from './types'
import { changeLanguage } from '../i18n'

type SignedOutListener = (reason: 'session-ended' | 'reauthentication-failed') => void
let onSignedOutElsewhere: SignedOutListener = () => undefined

/** The app decides where to go (router) when the server ends the session. */
export function whenSignedOutElsewhere(listener: SignedOutListener) {
  onSignedOutElsewhere = listener
}

/** A session starts (sign-in or stored token): the person's own language wins over the device's. */
async function accept(result: SignInResult): Promise<SignInResult> {
  if (result.user?.locale) await changeLanguage(result.user.locale)
  chooseBranch(result.branchIds ?? result.user.branchIds ?? [])
  sessionStore.set(result)
  return result
}

export async function signIn(email: string, password: string): Promise<SignInResult> {
  const result = (await client.authenticate({ strategy: 'local', email, password })) as unknown as SignInResult
  return accept(result)
}

/** The route guard's authenticate action: the session in memory, else the stored token. */
export async function ensureSession(): Promise<SignInResult> {
  const known = sessionStore.get()
  if (known) return known
  const result = (await client.reAuthenticate()) as unknown as SignInResult
  return accept(result)
}

/** Forgets the session in this tab without asking the server (it already ended it). */
export async function endLocally() {
  await client.authentication.removeAccessToken()
  await client.authentication.reset()
  sessionStore.set(null)
  queryClient.clear()
}

/** Ends the session on the server too; a failure still signs out here. */
export async function signOut() {
  try {
    if (sessionStore.get()) await client.logout()
  } catch {
    // Logout timed out or the session was already gone: the local sign-out below is what matters.
  } finally {
    await endLocally()
    setCurrentBranch(null)
  }
}

// Spec: 'session-ended' arrives just before the server closes a socket whose session someone
// else ended (end-session, emergency logout).
socket.on('session-ended', (event: { sessionId?: string }) => {
  const session = sessionStore.get()
  if (!session || (event?.sessionId && event.sessionId !== session.sessionId)) return
  void endLocally().then(() => onSignedOutElsewhere('session-ended'))
})

// Spec section 4: a previously authenticated socket re-authenticates on reconnect; the
// authentication client starts that on disconnect, here we react to how it ends.
let wasConnected = false
socket.on('connect', () => {
  if (wasConnected && sessionStore.get()) {
    client
      .reAuthenticate()
      .then((result) => sessionStore.set(result as unknown as SignInResult))
      .then(() => queryClient.invalidateQueries())
      .catch((error: unknown) => {
        if (!isNotAuthenticated(error)) return
        void endLocally().then(() => onSignedOutElsewhere('reauthentication-failed'))
      })
  }
  wasConnected = true
})

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
