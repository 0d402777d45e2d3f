import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { standardAccess } from '../../../access/access'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { teamManagersChannel, userChannel } from '../../../channels'
import { UserService, userRowShape, userServiceOptions } from './users.class'
import { userDataResolver, userDataValidator, userExternalResolver, userPatchResolver, userPatchValidator, userQueryValidator, userResolver, userDataSchema, userPatchSchema } from './users.schema'
import { checkTeamMember, endSessionsOfRestricted, protectOwnAccount, withinOwnGrants } from './user-rules'
import { takeNewPassword, writeWithNewPassword } from './member-password'
import { userMethods, userPath } from './users.shared'
import { checkSchedule } from '../../../schema/schedule'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [userPath]: UserService
  }
}

/** `users`: the team members of a company (spec section 3, Team member). */
export function users(app: Application) {
  registerService(app, userPath, new UserService(userServiceOptions(app), userRowShape), {
    methods: [...userMethods],
    tables: ['users'],
    access: { data: { create: userDataSchema, patch: userPatchSchema },
      methods: standardAccess('users')
    },
    hooks: {
      around: {
        all: [
          resolveExternal(userExternalResolver),
          resolveResult(userResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(userQueryValidator), companyScope],
        create: [schemaHooks.validateData(userDataValidator), checkTeamMember, checkSchedule(), schemaHooks.resolveData(userDataResolver)],
        patch: [schemaHooks.validateData(userPatchValidator), withinOwnGrants, takeNewPassword, protectOwnAccount, checkTeamMember, checkSchedule(), schemaHooks.resolveData(userPatchResolver), writeWithNewPassword],
        remove: [protectOwnAccount, withinOwnGrants]
      },
      after: {
        patch: [endSessionsOfRestricted]
      }
    },
    // Full team records (e-mail, pay terms) only reach those who may read them; everyone else
    // sees colleagues through my-team.
    // The person themself hears about changes to their own record (a new role, say).
    publish: (data) => {
    const user = data as { _id: string; companyId: string }
    return [app.channel(teamManagersChannel(user.companyId)), app.channel(userChannel(user._id))]
  }
  })
}
