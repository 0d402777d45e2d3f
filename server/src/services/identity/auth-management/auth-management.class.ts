import { createHash, randomBytes } from 'node:crypto'
import type { Params } from '@feathersjs/feathers'
import { BadRequest, NotAuthenticated } from '@feathersjs/errors'
import type { Application } from '../../../declarations'
import { assertNoProblem, clinicError } from '../../../errors'
import { newId, now } from '../../../hooks/ids'
import { normalizeEmail } from '../../../../../domain/validation/email'
import { confirmationProblem } from '../../../../../domain/validation/password'
import { RowCodec } from '../../row-codec'
import { passwordMatches } from '../../team/users/password-hash'
import { emailRegistered, userWithEmail } from '../../team/users/user-rows'
import { companyLocale } from '../../company/company/company-reads'
import type { ConnectionInfo } from '../authentication/authentication.class'
import { ResetMailer } from './reset-mail'
import { ResetThrottle } from './reset-throttle'
import { changePassword } from './replace-password'
import type {
  AuthManagementData,
  AuthManagementResult,
  CheckUniqueValue,
  PasswordChangeValue,
  ResetPwdLongValue,
  SendResetPwdValue
} from './auth-management.schema'

/** Only the token's sha256 is stored, so a leaked table cannot be used to reset anything. */
export const hashResetToken = (token: string) => createHash('sha256').update(token).digest('hex')

const resetCodec = new RowCodec({ instant: ['expiresAt', 'usedAt'] })

/**
 * `authManagement`: forgotten and changed passwords, and the sign-up form's e-mail check.
 * Each action reads as a list of steps. Tenancy: every action touches only one person's own
 * account, chosen by e-mail, by reset token or by the caller's identity, never by a client id.
 */
export class AuthManagementService {
  private readonly mailer: ResetMailer
  private readonly throttle = new ResetThrottle()

  constructor(private readonly app: Application) {
    this.mailer = new ResetMailer(app)
  }

  async create(data: AuthManagementData, params: Params = {}): Promise<AuthManagementResult> {
    switch (data.action) {
      case 'sendResetPwd':
        return this.sendResetPwd(data.value as SendResetPwdValue, params)
      case 'resetPwdLong':
        return this.resetPwdLong(data.value as ResetPwdLongValue)
      case 'passwordChange':
        return this.passwordChange(data.value as PasswordChangeValue, params)
      case 'checkUnique':
        return this.checkUnique(data.value as CheckUniqueValue, params)
      default:
        throw clinicError(BadRequest, 'invalid-request', 'action')
    }
  }

  /** Same answer whether the e-mail is known or not, so nobody learns who has an account. */
  private async sendResetPwd({ email: asked }: SendResetPwdValue, params: Params): Promise<AuthManagementResult> {
    const email = normalizeEmail(asked)
    await this.throttle.resetRequested(email, addressOf(params))
    const db = this.app.get('db')
    type Recipient = { _id: string; companyId: string; email: string; first_name: string; locale: string | null }
    const user = await userWithEmail<Recipient>(db, email, ['_id', 'companyId', 'email', 'first_name', 'locale'], { activeOnly: true })
    if (!user) return { sent: true }

    const token = randomBytes(32).toString('base64url')
    const timestamp = now()
    const expiresAt = new Date(Date.now() + this.app.get('config').resetLinkMinutes * 60_000).toISOString()
    await db('password_resets').insert({
      _id: newId(),
      companyId: user.companyId,
      userId: user._id,
      tokenHash: hashResetToken(token),
      expiresAt,
      usedAt: null,
      createdAt: timestamp,
      updatedAt: timestamp,
      createdBy: null
    })
    const locale = user.locale ?? (await companyLocale(db, user.companyId))
    // Sent in the background: waiting for the mail server would make known e-mails answer slower.
    this.mailer
      .send({ to: user.email, name: user.first_name, locale, token })
      .catch((error: { code?: string; responseCode?: number }) =>
        this.app.get('logger').warn({ msg: 'could not send password reset mail', userId: user._id, code: error.code, responseCode: error.responseCode })
      )
    return { sent: true }
  }

  private async resetPwdLong({ token, password }: ResetPwdLongValue): Promise<AuthManagementResult> {
    const tokenHash = hashResetToken(token)
    const db = this.app.get('db')
    const reset = await db('password_resets').select('_id', 'userId', 'expiresAt', 'usedAt').where({ tokenHash }).first()
    const link = reset && resetCodec.fromDb<{ _id: string; userId: string; expiresAt: string; usedAt: string | null }>(reset)
    if (!link || link.usedAt || Date.parse(link.expiresAt) <= Date.now()) throw clinicError(BadRequest, 'invalid-link')

    await changePassword(this.app, {
      userId: link.userId,
      password,
      changedBy: link.userId,
      // Spent inside the transaction and only if still unspent, so two uses racing get one success.
      within: async (trx) => {
        const spent = await trx('password_resets').where({ _id: link._id }).whereNull('usedAt').update({ usedAt: now(), updatedAt: now() })
        if (spent !== 1) throw clinicError(BadRequest, 'invalid-link')
      }
    })
    return { changed: true }
  }

  private async passwordChange({ oldPassword, password, passwordConfirmation }: PasswordChangeValue, params: Params): Promise<AuthManagementResult> {
    const identity = params.identity
    if (!identity) throw clinicError(NotAuthenticated, 'not-authenticated')
    const userId = identity.user._id
    await changePassword(this.app, {
      userId,
      password,
      changedBy: userId,
      keepSessionId: identity.session._id,
      authorize: async (stored) => {
        assertNoProblem(confirmationProblem(password, passwordConfirmation), 'passwordConfirmation')
        await this.throttle.assertMayChange(userId)
        if (!(await passwordMatches(stored.password, oldPassword))) {
          await this.throttle.currentPasswordWrong(userId)
          throw clinicError(BadRequest, 'current-password-incorrect', 'oldPassword')
        }
      }
    })
    return { changed: true }
  }

  /** For the sign-up form. It tells whether an e-mail is registered, so it is throttled. */
  private async checkUnique({ email }: CheckUniqueValue, params: Params): Promise<AuthManagementResult> {
    await this.throttle.uniqueChecked(addressOf(params))
    return { unique: !(await emailRegistered(this.app.get('db'), normalizeEmail(email))) }
  }

  async teardown() {
    this.mailer.close()
  }
}

const addressOf = (params: Params) => ((params.connection ?? {}) as ConnectionInfo).ip ?? 'internal'

