import { client, socket } from './client'
import { chooseBranch, setCurrentBranch } from './branch'
import { isNotAuthenticated } from './errors'
import { queryClient } from './query-client'
import { sessionStore } from './session-store'
import type { SignInResult } from './types'
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
