import { hooks as schemaHooks } from '@feathersjs/schema'
import { registerService } from '../../register-service'
import type { Application } from '../../../declarations'
import { companyScope } from '../../../access/tenancy'
import { checkId } from '../../../hooks/check-id'
import { MyTeamService } from './my-team.class'
import { myTeamMemberExternalResolver, myTeamMemberResolver, myTeamPatchValidator, myTeamQueryValidator, myTeamPatchSchema } from './my-team.schema'
import { myTeamMethods, myTeamPath } from './my-team.shared'
import { checkSchedule } from '../../../schema/schedule'
import { companyChannel, connectionMay } from '../../../channels'
import { resolveExternal, resolveResult } from '../../../hooks/resolve-shapes'

declare module '../../../declarations' {
  interface ServiceTypes {
    [myTeamPath]: MyTeamService
  }
}

/**
 * `my-team`: the list of colleagues for pickers and the calendar, and the one change people
 * who arrange the team (`my-team` edit) make without full `users` rights: working hours and
 * whether someone takes appointments. Its `patched` event reaches everyone of the company who
 * may view the team (the calendar redraws a doctor's hours); other changes to the team arrive
 * as `users` events.
 */
export function myTeam(app: Application) {
  registerService(app, myTeamPath, new MyTeamService(app), {
    methods: [...myTeamMethods],
    tables: [],
    access: {
      refuses: { update: 'patch sets a colleague\'s working hours and booking flag only; the member record is the users service\'s' }, data: { patch: myTeamPatchSchema },
      methods: {
        find: { resource: 'my-team', flag: 'view' },
        get: { resource: 'my-team', flag: 'view' },
        patch: { resource: 'my-team', flag: 'edit' }
      }
    },
    hooks: {
      around: {
        all: [
          resolveExternal(myTeamMemberExternalResolver),
          resolveResult(myTeamMemberResolver)
        ]
      },
      before: {
        all: [checkId(), schemaHooks.validateQuery(myTeamQueryValidator), companyScope],
        patch: [schemaHooks.validateData(myTeamPatchValidator), checkSchedule()]
      }
    },
    // A member record carries no companyId: the call's company scope names it.
    publish: (_data, context) => {
    const companyId = String(context.params.query?.companyId ?? context.params.identity?.user.companyId)
    return app.channel(companyChannel(companyId)).filter((connection) => connectionMay(connection, 'my-team', 'view'))
  }
  })
}
