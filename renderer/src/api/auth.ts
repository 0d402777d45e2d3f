import { client, socket } from './client'
import { chooseBranch, setCurrentBranch } from './branch'
import { isNotAuthenticated } from './errors'
import { queryClient } from './query-client'
import { sessionStore } from './session-store'
import type { SignInResult } from './types'
import { changeLanguage } from '../i18n'
import { platform } from '../platform'

type SignedOutListener = (reason: 'session-ended' | 'reauthentication-failed') => void
let onSignedOutElsewhere: SignedOutListener = () => undefined

/** The app decides where to go (router) when the server ends the session. */
export function whenSignedOutElsewhere(listener: SignedOutListener) {
  onSignedOutElsewhere = listener
}

// Bumped by every local sign-out: a re-authentication that was already in flight (a reconnect,
// the guard reading the stored token) must not bring back a session the person just ended.
let signOutCount = 0

/** A session starts (sign-in or stored token): the person's own language wins over the device's. */
async function accept(result: SignInResult, startedAt = signOutCount): Promise<SignInResult> {
  if (startedAt !== signOutCount) return result
  if (result.user?.locale) await changeLanguage(result.user.locale)
  if (startedAt !== signOutCount) return result
  chooseBranch(result.branchIds ?? result.user.branchIds ?? [])
  sessionStore.set(result)
  return result
}

export async function signIn(email: string, password: string): Promise<SignInResult> {
  const result = (await client.authenticate({ strategy: 'local', email, password })) as SignInResult
  return accept(result)
}

/** The route guard's authenticate action: the session in memory, else the stored token. */
export async function ensureSession(): Promise<SignInResult> {
  const known = sessionStore.get()
  if (known) return known
  const startedAt = signOutCount
  const result = (await client.reAuthenticate()) as SignInResult
  return accept(result, startedAt)
}

/** Forgets the session in this tab without asking the server (it already ended it). */
export async function endLocally() {
  signOutCount += 1
  await client.authentication.removeAccessToken()
  await client.authentication.reset()
  sessionStore.set(null)
  queryClient.clear()
  // The shell's cached day is the signed-in user's: it goes with the session (its outbox stays).
  await platform.offline?.forgetDays().catch(() => undefined)
}

// True while this tab signs out by the person's own choice: the server's 'session-ended' for
// that same session is then no news, and reacting to it would navigate a second time.
let signingOut = false

/** Ends the session on the server too; a failure still signs out here. */
export async function signOut() {
  signingOut = true
  try {
    if (sessionStore.get()) await client.logout()
  } catch {
    // Logout timed out or the session was already gone: the local sign-out below is what matters.
  } finally {
    await endLocally()
    setCurrentBranch(null)
    signingOut = false
  }
}

// Spec: 'session-ended' arrives just before the server closes a socket whose session someone
// else ended (end-session, emergency logout).
socket.on('session-ended', (event: { sessionId?: string }) => {
  const session = sessionStore.get()
  if (signingOut || !session || (event?.sessionId && event.sessionId !== session.sessionId)) return
  void endLocally().then(() => onSignedOutElsewhere('session-ended'))
})

// Spec section 4: a previously authenticated socket re-authenticates on reconnect; the
// authentication client starts that on disconnect, here we react to how it ends.
let wasConnected = false
socket.on('connect', () => {
  if (wasConnected && sessionStore.get()) {
    const startedAt = signOutCount
    client
      .reAuthenticate()
      .then((result) => {
        if (startedAt === signOutCount) sessionStore.set(result as SignInResult)
      })
      .then(() => queryClient.invalidateQueries())
      .catch((error: unknown) => {
        if (!isNotAuthenticated(error)) return
        void endLocally().then(() => onSignedOutElsewhere('reauthentication-failed'))
      })
  }
  wasConnected = true
})
