import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import { BadRequest, NotFound } from '@feathersjs/errors'
import type { Application, HookContext } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { assertNoProblem, clinicError } from '../../../errors'
import { publishToUser } from '../../../channels'
import { phoneProblem } from '../../../../../domain/validation/phone'
import { ProfileService, profileRowShape, profileServiceOptions } from './profile.class'
import { profileColumns, profileExternalResolver, profilePatchResolver, profilePatchValidator, profileQueryValidator, profileResolver, type ProfilePatch, profilePatchSchema } from './profile.schema'
import { ME, profileMethods, profilePath } from './profile.shared'
import { checkSchedule } from '../../../schema/schedule'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [profilePath]: ProfileService
  }
}

/** 'me' (or the caller's own id) names the caller's record; any other id is simply not found. */
async function ownProfileOnly(context: HookContext) {
  const own = context.params.identity?.user._id
  if (context.id === ME && own) context.id = own
  if (context.id === ME || (context.params.provider && context.id !== own)) throw clinicError(NotFound, 'not-found')
  // Read only the public columns: the password hashes are never loaded.
  context.params.query = { ...(context.params.query ?? {}), $select: profileColumns }
}

/** Blank names and malformed phones, which the schema cannot say. */
async function checkProfile(context: HookContext) {
  const data = context.data as ProfilePatch
  if (data.first_name !== undefined && data.first_name.trim() === '') throw clinicError(BadRequest, 'first-name-required', 'first_name')
  if (data.last_name !== undefined && data.last_name.trim() === '') throw clinicError(BadRequest, 'last-name-required', 'last_name')
  if (data.phone) assertNoProblem(phoneProblem(data.phone), 'phone')
}

/** `profile`: the caller's own record, `get('me')` and `patch('me', ...)`. */
export function profile(app: Application) {
  registerService(app, profilePath, new ProfileService(profileServiceOptions(app), profileRowShape), {
    methods: [...profileMethods],
    tables: [],
    access: {
      refuses: { update: 'one\'s own record changes field by field; its e-mail and password have their own checks' }, data: { patch: profilePatchSchema },
      methods: {
        get: { signedIn: true },
        patch: { signedIn: true }
      }
    },
    hooks: {
      around: {
        all: [
          resolveExternal(profileExternalResolver),
          resolveResult(profileResolver)
        ]
      },
      before: {
        all: [checkId(ME), schemaHooks.validateQuery(profileQueryValidator), companyScope, ownProfileOnly],
        patch: [schemaHooks.validateData(profilePatchValidator), checkProfile, checkSchedule(), schemaHooks.resolveData(profilePatchResolver)]
      }
    },
    publish: publishToUser(app, '_id')
  })
}
