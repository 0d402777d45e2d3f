import { clientService } from '../../../client-service'
import { notificationEvents } from '../../../../../domain/messaging/templates'
import type { Communication, CommunicationQuery, CommunicationService } from './communications.class'

export type { Communication, CommunicationQuery }

export const communicationPath = 'communications'
/** The log is written by the outbox only: find and get. */
export const communicationMethods = ['find', 'get'] as const
export type CommunicationClientService = Pick<CommunicationService, (typeof communicationMethods)[number]>

/**
 * A message's states: scheduled (waiting for its time) -> sending (a worker took it) -> sent
 * (the provider accepted it) -> delivered | failed. `unknown`: a worker took it and never
 * learned the outcome (a crash or a timeout mid-send); it is never resent automatically, since
 * the provider may have sent it. `cancelled`: withdrawn before it went (the visit was moved,
 * cancelled or no longer notifies).
 */
export const outboxStates = ['scheduled', 'sending', 'sent', 'delivered', 'failed', 'unknown', 'cancelled'] as const
export type OutboxState = (typeof outboxStates)[number]

/** What a message is about: a template's event, or `dispatch` (a broadcast's message). */
export const outboxEvents = [...notificationEvents, 'dispatch'] as const
export type OutboxEvent = (typeof outboxEvents)[number]

export const communicationClient = clientService<CommunicationClientService>()(communicationPath, communicationMethods)
