import nodemailer, { type Transporter } from 'nodemailer'
import type { Application } from '../../../declarations'
import { RESET_PASSWORD_ROUTE } from './auth-management.shared'

type MailLocale = 'en' | 'ru' | 'uz' | 'fi'

interface Template {
  subject: string
  text: (name: string, link: string, minutes: number) => string
}

/** The reset mail in the four languages we write (ru1, a Russian variant, reads the Russian one). */
const templates: Record<MailLocale, Template> = {
  en: {
    subject: 'Reset your password',
    text: (name, link, minutes) =>
      `Hello, ${name}!\n\nTo set a new password, open this link within ${minutes} minutes:\n${link}\n\nIf you did not ask for this, ignore this message: your password stays as it is.`
  },
  ru: {
    subject: 'Восстановление пароля',
    text: (name, link, minutes) =>
      `Здравствуйте, ${name}!\n\nЧтобы задать новый пароль, откройте эту ссылку в течение ${minutes} мин.:\n${link}\n\nЕсли вы не запрашивали смену пароля, просто проигнорируйте это письмо: пароль останется прежним.`
  },
  uz: {
    subject: 'Parolni tiklash',
    text: (name, link, minutes) =>
      `Assalomu alaykum, ${name}!\n\nYangi parol o‘rnatish uchun ushbu havolani ${minutes} daqiqa ichida oching:\n${link}\n\nAgar buni siz so‘ramagan bo‘lsangiz, xatni e’tiborsiz qoldiring: parolingiz o‘zgarmaydi.`
  },
  fi: {
    subject: 'Salasanan vaihto',
    text: (name, link, minutes) =>
      `Hei ${name}!\n\nAseta uusi salasana avaamalla tämä linkki ${minutes} minuutin kuluessa:\n${link}\n\nJos et pyytänyt tätä, jätä viesti huomiotta: salasanasi pysyy ennallaan.`
  }
}

export function mailLocale(locale: string | null | undefined): MailLocale {
  if (locale === 'ru1') return 'ru'
  return locale && locale in templates ? (locale as MailLocale) : 'en'
}

export function resetLink(publicUrl: string, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${RESET_PASSWORD_ROUTE}?token=${encodeURIComponent(token)}`
}

export interface ResetMail {
  to: string
  name: string
  locale: string | null
  token: string
}

/**
 * Sends reset links through the SMTP server of `config.smtp.url` (for example
 * `smtp://user:pass@mail.example.com:587`; nodemailer reads options such as `?ignoreTLS=true`
 * from the URL). The token is never logged: without SMTP the log only says no mail went out.
 */
export class ResetMailer {
  private transport?: Transporter

  constructor(private readonly app: Application) {}

  async send(mail: ResetMail): Promise<void> {
    const { smtp, publicUrl, resetLinkMinutes } = this.app.get('config')
    const logger = this.app.get('logger')
    if (!smtp.url) {
      logger.info({ msg: 'password reset requested, but mail is not configured (SMTP_URL); no link was sent' })
      return
    }
    const template = templates[mailLocale(mail.locale)]
    this.transport ??= nodemailer.createTransport(smtp.url)
    await this.transport.sendMail({
      from: smtp.from,
      to: mail.to,
      subject: template.subject,
      text: template.text(mail.name, resetLink(publicUrl, mail.token), resetLinkMinutes)
    })
  }

  close() {
    this.transport?.close()
  }
}
