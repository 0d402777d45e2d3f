import { randomBytes } from 'node:crypto'
import { Bot, Keyboard, type Context } from 'grammy'
import type { Update, UserFromGetMe } from 'grammy/types'
import type { Application } from '../../../declarations'
import { normalizePhone } from '../../../../../domain/validation/phone'
import { templateLocaleOf, type TemplateLocale } from '../../../../../domain/messaging/templates'
import { TELEGRAM_API_ROOT, readVisitButton } from '../../../providers/telegram/telegram'
import { clockOf, hashToken } from '../communications/appointment-messages'
import { answerVisit } from '../communications/visit-answers'
import { customerContact } from '../../customers/customers/customer-contact'
import { companyContact } from '../../company/company/company-reads'
import type { TelegramBotSettings } from '../integrations/integration-store'
import { receiveChatMessage } from '../customer-chat-messages/chat-inbox'
import { customerOfChat, customersOfTelegramUser, insertLinkToken, openLinkToken, saveLink, startLinkToken, startedLinkToken, useLinkToken } from './telegram-store'

declare module '../../../declarations' {
  interface AppSettings {
    /** The Bot API root (tests: a local server speaking its protocol); else TELEGRAM_API_ROOT or api.telegram.org. */
    telegramApiRoot?: string
  }
}

export const telegramApiRootOf = (app: Application) => app.get('telegramApiRoot') ?? process.env.TELEGRAM_API_ROOT ?? TELEGRAM_API_ROOT

/** What the bot says, in the patient's language (ru, uz, en). */
const texts: Record<TemplateLocale, Record<string, string>> = {
  ru: {
    hello: 'Здравствуйте! Это бот клиники. Чтобы получать напоминания о визитах, откройте ссылку, которую вам дали в клинике.',
    share: 'Чтобы связать Telegram с вашей картой пациента, нажмите кнопку ниже и поделитесь номером телефона.',
    shareButton: 'Поделиться номером',
    linked: 'Готово! Напоминания о визитах будут приходить сюда.',
    wrongPhone: 'Этот номер не совпадает с номером в вашей карте. Обратитесь в клинику.',
    notOwn: 'Пожалуйста, поделитесь своим номером кнопкой ниже.',
    invalidLink: 'Ссылка недействительна или устарела. Попросите в клинике новую.',
    notFound: 'Пользователь Telegram не найден. Откройте ссылку из клиники ещё раз.',
    confirmed: 'Визит подтверждён. Ждём вас!',
    cancelled: 'Визит отменён.',
    unchanged: 'Статус визита уже нельзя изменить.',
    confirm: 'Подтвердить',
    cancel: 'Отменить'
  },
  uz: {
    hello: 'Assalomu alaykum! Bu klinika boti. Qabul eslatmalarini olish uchun klinikada berilgan havolani oching.',
    share: 'Telegramni bemor kartangizga bog‘lash uchun quyidagi tugmani bosing va telefon raqamingizni yuboring.',
    shareButton: 'Raqamni yuborish',
    linked: 'Tayyor! Qabul eslatmalari shu yerga keladi.',
    wrongPhone: 'Bu raqam kartangizdagi raqamga mos kelmaydi. Klinikaga murojaat qiling.',
    notOwn: 'Iltimos, quyidagi tugma orqali o‘z raqamingizni yuboring.',
    invalidLink: 'Havola yaroqsiz yoki muddati o‘tgan. Klinikadan yangisini so‘rang.',
    notFound: 'Telegram foydalanuvchisi topilmadi. Klinika havolasini qayta oching.',
    confirmed: 'Qabul tasdiqlandi. Sizni kutamiz!',
    cancelled: 'Qabul bekor qilindi.',
    unchanged: 'Qabul holatini endi o‘zgartirib bo‘lmaydi.',
    confirm: 'Tasdiqlash',
    cancel: 'Bekor qilish'
  },
  en: {
    hello: 'Hello! This is the clinic’s bot. To get visit reminders here, open the link the clinic gave you.',
    share: 'To link Telegram to your patient card, press the button below to share your phone number.',
    shareButton: 'Share my number',
    linked: 'Done! Visit reminders will come here.',
    wrongPhone: 'This number does not match the one on your card. Please contact the clinic.',
    notOwn: 'Please share your own number with the button below.',
    invalidLink: 'This link is not valid or has expired. Ask the clinic for a new one.',
    notFound: 'Telegram user is not found. Open the clinic’s link again.',
    confirmed: 'Your visit is confirmed. See you!',
    cancelled: 'Your visit is cancelled.',
    unchanged: 'The visit can no longer be changed.',
    confirm: 'Confirm',
    cancel: 'Cancel'
  }
}
export const botText = (locale: string, key: string) => texts[templateLocaleOf(locale)][key] ?? texts.ru[key]

/** Whether two phones are one number: the same digits, or (one written without the country code) the same last nine or more. */
export function samePhone(a: string, b: string): boolean {
  const x = normalizePhone(a)
  const y = normalizePhone(b)
  if (!x || !y) return false
  if (x === y) return true
  const shorter = Math.min(x.length, y.length)
  return shorter >= 9 && x.slice(-shorter) === y.slice(-shorter)
}

/** A one-time deep link for the patient: t.me/<bot>?start=<token>; only its hash is kept. Valid 30 days. */
export async function mintDeepLink(app: Application, db: import('knex').Knex, companyId: string, customerId: string, username: string, locale: string) {
  const token = randomBytes(24).toString('base64url')
  const nowMs = clockOf(app)
  const expiresAt = new Date(nowMs + 30 * 86_400_000).toISOString()
  await insertLinkToken(db, { tokenHash: hashToken(token), companyId, customerId, locale, expiresAt, createdAt: new Date(nowMs).toISOString() })
  return { url: `https://t.me/${username}?start=${token}`, expiresAt }
}

/** The bot's own account as getMe told it, without asking again (the id is the token's first part). */
function botInfo(settings: TelegramBotSettings): UserFromGetMe {
  return {
    id: Number(settings.token.split(':')[0]), is_bot: true, first_name: settings.username || 'bot', username: settings.username || 'bot',
    can_join_groups: false, can_read_all_group_messages: false, supports_inline_queries: false, can_connect_to_business: false, has_main_web_app: false
  } as UserFromGetMe
}

/**
 * The clinic's bot (grammY), made per company and token. It answers:
 * - `/start <token>`: a deep link the clinic gave the patient; asks them to share their phone
 *   (a request_contact keyboard); an unknown or used token: "invalid link";
 * - a shared contact: it must be the sender's own and match the patient's phone (normalised);
 *   then the chat is linked to the patient and the token is used up;
 * - a press on Confirm / Cancel under a reminder: the callback data is signed for the company and
 *   names a visit of a patient linked to this Telegram user; the visit changes as by the
 *   confirm page (visit-answers.ts), the channel recorded as `telegram`;
 * - any other text: from a chat linked to a patient it is the patient's message to the clinic,
 *   stored in their conversation (customer-chat-messages, receiveChatMessage); from a chat not
 *   linked, nothing is stored and the bot says how to link (the `hello` text).
 */
export class ClinicBots {
  private readonly bots = new Map<string, { token: string; bot: Bot }>()
  constructor(private readonly app: Application) {}

  botOf(companyId: string, settings: TelegramBotSettings): Bot {
    const kept = this.bots.get(companyId)
    if (kept && kept.token === settings.token) return kept.bot
    const bot = new Bot(settings.token, { botInfo: botInfo(settings), client: { apiRoot: telegramApiRootOf(this.app).replace(/\/$/, ''), timeoutSeconds: 15 } })
    this.handlers(bot, companyId)
    bot.catch((error) => this.app.get('logger').error({ err: error.error, msg: 'telegram update failed', companyId }))
    this.bots.set(companyId, { token: settings.token, bot })
    return bot
  }

  async handle(companyId: string, settings: TelegramBotSettings, update: Update): Promise<void> {
    await this.botOf(companyId, settings).handleUpdate(update)
  }

  private handlers(bot: Bot, companyId: string) {
    const app = this.app
    const db = () => app.get('db')
    const companyLocale = async () => (await companyContact(db(), companyId))?.locale ?? 'ru'
    const localeOf = async (ctx: Context) => templateLocaleOf(ctx.from?.language_code, await companyLocale())

    bot.command('start', async (ctx) => {
      const payload = ctx.match.trim()
      if (!payload) return void (await ctx.reply(botText(await localeOf(ctx), 'hello')))
      const token = /^[A-Za-z0-9_-]{16,64}$/.test(payload) ? await openLinkToken(db(), companyId, hashToken(payload), clockOf(app)) : undefined
      if (!token) return void (await ctx.reply(botText(await localeOf(ctx), 'invalidLink')))
      await startLinkToken(db(), token.tokenHash, String(ctx.chat.id), clockOf(app))
      const keyboard = new Keyboard().requestContact(botText(token.locale, 'shareButton')).resized().oneTime()
      await ctx.reply(botText(token.locale, 'share'), { reply_markup: keyboard })
    })

    bot.on('message:contact', async (ctx) => {
      const contact = ctx.message.contact
      const token = await startedLinkToken(db(), companyId, String(ctx.chat.id), clockOf(app))
      if (!token) return void (await ctx.reply(botText(await localeOf(ctx), 'notFound'), { reply_markup: { remove_keyboard: true } }))
      if (contact.user_id !== ctx.from.id) return void (await ctx.reply(botText(token.locale, 'notOwn')))
      const customer = await customerContact(db(), companyId, token.customerId)
      if (!customer || !samePhone(customer.phone, contact.phone_number)) return void (await ctx.reply(botText(token.locale, 'wrongPhone'), { reply_markup: { remove_keyboard: true } }))
      if (!(await useLinkToken(db(), token.tokenHash, clockOf(app)))) return void (await ctx.reply(botText(token.locale, 'invalidLink'), { reply_markup: { remove_keyboard: true } }))
      const link = await saveLink(
        db(),
        { companyId, customerId: customer._id, telegramUserId: String(ctx.from.id), chatId: String(ctx.chat.id), username: ctx.from.username ?? '', phone: normalizePhone(contact.phone_number) },
        clockOf(app)
      )
      ;(app.service('telegram') as unknown as { emit: (event: string, data: unknown) => void }).emit('created', link)
      await ctx.reply(botText(token.locale, 'linked'), { reply_markup: { remove_keyboard: true } })
    })

    bot.on('message:text', async (ctx) => {
      const customerId = ctx.chat.type === 'private' ? await customerOfChat(db(), companyId, String(ctx.chat.id)) : null
      if (!customerId || ctx.message.text.startsWith('/')) return void (await ctx.reply(botText(await localeOf(ctx), 'hello')))
      await receiveChatMessage(app, {
        companyId, customerId, channel: 'telegram', text: ctx.message.text,
        providerMessageId: `${ctx.chat.id}:${ctx.message.message_id}`, sender: ctx.from.username ? `@${ctx.from.username}` : [ctx.from.first_name, ctx.from.last_name].filter(Boolean).join(' ')
      })
    })

    bot.on('callback_query:data', async (ctx) => {
      const locale = await localeOf(ctx)
      const pressed = readVisitButton(app.get('config').authSecret, companyId, ctx.callbackQuery.data)
      const appointment = pressed ? await app.service('appointment').get(pressed.appointmentId, { query: { companyId } }).catch(() => null) : null
      const mine = appointment ? (await customersOfTelegramUser(db(), companyId, String(ctx.from.id))).includes(appointment.customerId) : false
      if (!pressed || !appointment || !mine) return void (await ctx.answerCallbackQuery({ text: botText(locale, 'notFound'), show_alert: true }))
      const answer = await answerVisit(app, appointment, pressed.action, { kind: 'telegram', locale })
      const said = answer.outcome === 'refused' ? 'unchanged' : pressed.action === 'confirm' ? 'confirmed' : 'cancelled'
      await ctx.answerCallbackQuery({ text: botText(locale, said) })
    })
  }
}

const botsOfApp = new WeakMap<Application, ClinicBots>()
/** The app's bots (one grammY Bot per company, remade when its token changes). */
export function clinicBots(app: Application): ClinicBots {
  if (!botsOfApp.has(app)) botsOfApp.set(app, new ClinicBots(app))
  return botsOfApp.get(app)!
}
