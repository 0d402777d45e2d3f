import { Invitation, SessionState, type Session } from 'sip.js'
import { SessionManager } from 'sip.js/lib/platform/web/session-manager/session-manager.js'
import type { CallEvent, RegistrationState } from './call-state'
import { dialTarget, type DtmfKey } from './dial-number'
import { addressOfRecord, sipDomain, sipUserName, type SoftphoneSettings } from './softphone-settings'

/** Why registration stopped: the server could not be reached, or it refused the account. */
export type RegistrationProblem = 'connection' | 'credentials' | 'refused'

export interface EngineListener {
  registration(state: RegistrationState, problem?: RegistrationProblem): void
  call(event: CallEvent): void
}

/** getUserMedia's refusals: no permission, or no microphone at all. */
const isMicrophoneError = (error: unknown) => error instanceof DOMException && ['NotAllowedError', 'NotFoundError', 'NotReadableError', 'SecurityError'].includes(error.name)

/**
 * sip.js (its web SessionManager: user agent, registerer, sessions, media) turned into the call
 * state machine's events (call-state.ts). One call at a time: another call arriving meanwhile is
 * answered "486 Busy Here". The microphone is asked for only when a call is placed or answered
 * (the session description handler asks as it builds the offer or the answer), never at sign-in.
 */
export class SoftphoneEngine {
  private readonly manager: SessionManager
  private readonly domain: string
  private session: Session | null = null
  private stopped = false

  constructor(settings: SoftphoneSettings, remoteAudio: HTMLAudioElement, private readonly listener: EngineListener) {
    this.domain = sipDomain(settings)
    this.manager = new SessionManager(settings.server, {
      aor: addressOfRecord(settings),
      media: { constraints: { audio: true, video: false }, remote: { audio: remoteAudio } },
      registererOptions: { expires: 300 },
      reconnectionAttempts: 5,
      reconnectionDelay: 5,
      userAgentOptions: {
        authorizationUsername: sipUserName(settings),
        authorizationPassword: settings.password,
        displayName: settings.displayName || undefined,
        logLevel: 'error',
        // No public STUN server (sip.js would ask Google's): the clinic's PBX anchors the media.
        sessionDescriptionHandlerFactoryOptions: { peerConnectionConfiguration: { iceServers: [] }, iceGatheringTimeout: 2000 }
      },
      delegate: {
        onServerConnect: () => listener.registration('connecting'),
        onServerDisconnect: (error) => {
          if (!this.stopped) listener.registration(error ? 'failed' : 'unregistered', error ? 'connection' : undefined)
        },
        onRegistered: () => listener.registration('registered'),
        onUnregistered: () => {
          if (!this.stopped) listener.registration('unregistered')
        },
        onCallReceived: (session) => this.received(session),
        onCallAnswered: (session) => {
          if (session === this.session) listener.call({ type: 'established', at: Date.now() })
        },
        onCallHangup: (session) => {
          if (session !== this.session) return
          this.session = null
          listener.call({ type: 'ended', at: Date.now() })
        },
        onCallHold: (session, held) => {
          if (session === this.session) listener.call({ type: 'hold', held })
        }
      }
    })
  }

  /** Connects to the server and registers this workstation for the account. */
  async start() {
    this.listener.registration('connecting')
    try {
      await this.manager.connect()
      await this.manager.register({
        requestDelegate: {
          onReject: (response) => {
            const code = response.message.statusCode
            this.listener.registration('failed', code === 401 || code === 403 || code === 407 ? 'credentials' : 'refused')
          }
        }
      })
    } catch {
      if (!this.stopped) this.listener.registration('failed', 'connection')
    }
  }

  /** Unregisters and disconnects (sign-out, settings changed or removed). */
  async stop() {
    this.stopped = true
    if (this.session) await this.manager.hangup(this.session).catch(() => undefined)
    await this.manager.unregister().catch(() => undefined)
    await this.manager.disconnect().catch(() => undefined)
  }

  private received(session: Session) {
    if (this.session) {
      if (session instanceof Invitation) void session.reject({ statusCode: 486 }).catch(() => undefined)
      return
    }
    this.session = session
    const identity = session.remoteIdentity
    this.listener.call({ type: 'incoming', remote: identity.uri.user ?? identity.uri.host, remoteName: identity.displayName || null })
    // "180 Ringing": the caller hears that the phone rings.
    if (session instanceof Invitation) void session.progress().catch(() => undefined)
  }

  /** Calls a number (already normalised, dial-number.ts). */
  async call(number: string) {
    if (this.session) return
    this.listener.call({ type: 'dial', remote: number })
    try {
      this.session = await this.manager.call(dialTarget(number, this.domain))
    } catch (error) {
      this.session = null
      this.listener.call({ type: 'failed', at: Date.now(), microphone: isMicrophoneError(error) })
    }
  }

  async answer() {
    const session = this.session
    if (!session) return
    this.listener.call({ type: 'answer' })
    try {
      await this.manager.answer(session)
    } catch (error) {
      this.session = null
      this.listener.call({ type: 'failed', at: Date.now(), microphone: isMicrophoneError(error) })
      if (session instanceof Invitation) await session.reject().catch(() => undefined)
    }
  }

  /** Declines a ringing call, cancels one being dialled, or ends a conversation. */
  async hangup() {
    if (!this.session) return
    this.listener.call({ type: 'hangup' })
    const session = this.session
    await (session instanceof Invitation && session.state === SessionState.Initial
      ? this.manager.decline(session)
      : this.manager.hangup(session)
    ).catch(() => undefined)
  }

  mute(muted: boolean) {
    if (!this.session) return
    if (muted) this.manager.mute(this.session)
    else this.manager.unmute(this.session)
    this.listener.call({ type: 'mute', muted })
  }

  async hold(held: boolean) {
    if (!this.session) return
    await (held ? this.manager.hold(this.session) : this.manager.unhold(this.session))
  }

  /** A keypad press during the call (SIP INFO, which PBX menus take). */
  async dtmf(key: DtmfKey) {
    if (this.session) await this.manager.sendDTMF(this.session, key)
  }
}
