/**
 * What every channel adapter (providers/<kind>/<name>.ts) answers about one message. The
 * outbox worker acts on it the same way for every provider:
 * - `sent`: the provider took it (its id kept for delivery reports);
 * - `not-sent`: the provider said it did not send it (or we never reached it): retried later
 *   when `retry`, else the message failed;
 * - `unknown`: it may have gone (a timeout after the request left, a server error): never
 *   resent automatically.
 */
export type SendOutcome =
  | { kind: 'sent'; providerMessageId: string | null; cost?: number | null }
  | { kind: 'not-sent'; error: string; retry: boolean; retryAfterMs?: number }
  | { kind: 'unknown'; error: string }

export interface OutgoingMessage {
  /** The outbox row's id. */
  id: string
  to: string
  subject: string
  text: string
  /** Buttons under the message where the channel has them (Telegram, WhatsApp): the text shown and what a press sends back. */
  buttons?: Array<{ text: string; data: string }>
  /**
   * WhatsApp: whether free-form text may go (the patient wrote within 24 hours), and the
   * approved template to send otherwise (its body parameters in order; quick-reply payloads
   * from `buttons`).
   */
  freeForm?: boolean
  template?: { name: string; language: string; parameters: string[] }
}

/** A delivery report, from a callback or a status query. */
export interface DeliveryReport {
  state: 'delivered' | 'failed' | 'pending'
  error?: string
  cost?: number | null
}

export interface ChannelProvider {
  readonly name: string
  send(message: OutgoingMessage): Promise<SendOutcome>
  /** Asks the provider about a sent message (the fallback when no callback arrives). */
  status?(providerMessageId: string): Promise<DeliveryReport | null>
}

/** Errors of a request that never reached the other side: nothing can have been sent. */
export const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNECTION'])

/** The system error code of a failed fetch or socket (`cause.code` for fetch). */
export function errorCode(error: unknown): string {
  const err = error as { code?: string; cause?: { code?: string } }
  return err?.cause?.code ?? err?.code ?? ''
}
