import { Type, getValidator, type Static } from '@feathersjs/typebox'
import { dataValidator, queryValidator } from '../../../validators'
import { IdSchema, InstantSchema } from '../../../schema/query'
import { ref } from '../../../schema/references'
import { outboxEvents } from '../../../../../domain/messaging/templates'
import { CHAT_TEXT_MAX, chatChannels, replyChannels } from '../../../../../domain/messaging/chat'
import { outboxStates } from '../communications/communications.shared'

const literals = <T extends string>(values: readonly T[]) => Type.Union(values.map((value) => Type.Literal(value)))
const nullable = <T extends Parameters<typeof Type.Union>[0][number]>(type: T) => Type.Union([type, Type.Null()])

/** A message's state: the outbox's for what went to the patient, `received` for what they wrote. */
export const chatStates = ['received', ...outboxStates] as const

/**
 * One message of a patient's conversation: what they wrote (`in`, stored by this service) or
 * what went to them (`out`: the outbox row of a staff reply, a visit notice or a reminder, with
 * its delivery state). No phone or address leaves in it.
 */
export const chatMessageSchema = Type.Object(
  {
    _id: IdSchema,
    companyId: IdSchema,
    customerId: IdSchema,
    direction: literals(['in', 'out'] as const),
    channel: literals(chatChannels),
    /** The outbox event of a message that went (`chatReply` for a staff reply); null for the patient's. */
    event: nullable(literals(outboxEvents)),
    subject: Type.String(),
    text: Type.String(),
    state: literals(chatStates),
    /** Who wrote a patient's message as the provider names them (a Telegram username); '' otherwise. */
    sender: Type.String(),
    error: nullable(Type.String()),
    createdAt: InstantSchema,
    dueAt: nullable(InstantSchema),
    sentAt: nullable(InstantSchema),
    deliveredAt: nullable(InstantSchema),
    /** The member who wrote a reply; null for the patient's messages and automated ones. */
    createdBy: nullable(IdSchema),
    /** A patient's message: whether the clinic has read it (the company's read marker is at or after it). */
    read: Type.Optional(Type.Boolean()),
    /** In the inbox (a find without `customerId`, the conversation's last message) and after a read mark: the patient's unread messages. */
    unread: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'ChatMessage', additionalProperties: false }
)
export type ChatMessage = Static<typeof chatMessageSchema>

/**
 * A reply to the patient: the text (1-4096 characters once trimmed, Telegram's limit) and the
 * channel (Telegram, the default, or WhatsApp while the patient's 24-hour window is open).
 */
export const chatMessageDataSchema = Type.Object(
  {
    customerId: ref('customers'),
    text: Type.String({ minLength: 1, maxLength: CHAT_TEXT_MAX * 4 }),
    channel: Type.Optional(literals(replyChannels))
  },
  { $id: 'ChatMessageData', additionalProperties: false }
)
export type ChatMessageData = Static<typeof chatMessageDataSchema>
export const chatMessageDataValidator = getValidator(chatMessageDataSchema, dataValidator)

/** The conversation is read up to the patient's message patched (the company's read marker). */
export const chatMessagePatchSchema = Type.Object({ read: Type.Literal(true) }, { $id: 'ChatMessagePatch', additionalProperties: false })
export type ChatMessagePatch = Static<typeof chatMessagePatchSchema>
export const chatMessagePatchValidator = getValidator(chatMessagePatchSchema, dataValidator)

/**
 * With `customerId`: that patient's conversation, newest first, older pages by
 * `createdAt: { $lt }` (the oldest shown). Without: the inbox, one conversation per patient,
 * newest first (`unread: { $gt: 0 }`: only those with unread messages; `$limit: 0` counts them).
 */
export const chatMessageQuerySchema = Type.Object(
  {
    companyId: Type.Optional(IdSchema),
    customerId: Type.Optional(IdSchema),
    createdAt: Type.Optional(Type.Object({ $lt: InstantSchema }, { additionalProperties: false })),
    unread: Type.Optional(Type.Object({ $gt: Type.Literal(0) }, { additionalProperties: false })),
    $limit: Type.Optional(Type.Integer({ minimum: 0, maximum: 200 })),
    $skip: Type.Optional(Type.Integer({ minimum: 0 }))
  },
  { $id: 'ChatMessageQuery', additionalProperties: false }
)
export type ChatMessageQuery = Static<typeof chatMessageQuerySchema>
export const chatMessageQueryValidator = getValidator(chatMessageQuerySchema, queryValidator)
