import { hooks as schemaHooks } from '@feathersjs/schema'
import type { Application } from '../../declarations'
import { access } from '../../access/access'
import { companyScope } from '../../access/tenancy'
import { checkId } from '../../hooks/check-id'
import { MyTeamService } from './my-team.class'
import { myTeamMemberExternalResolver, myTeamMemberResolver, myTeamQueryValidator } from './my-team.schema'
import { myTeamMethods, myTeamPath } from './my-team.shared'

declare module '../../declarations' {
  interface ServiceTypes {
    [myTeamPath]: MyTeamService
  }
}

/**
 * `my-team`: read-only list of colleagues for pickers and the calendar. No events of its own:
 * changes to the team arrive as `users` events.
 */
export function myTeam(app: Application) {
  app.use(myTeamPath, new MyTeamService(app), { methods: [...myTeamMethods], events: [] })
  app.service(myTeamPath).hooks({
    around: {
      all: [
        access(myTeamPath, {
          methods: {
            find: { resource: 'my-team', flag: 'view' },
            get: { resource: 'my-team', flag: 'view' }
          }
        }),
        schemaHooks.resolveExternal(myTeamMemberExternalResolver),
        schemaHooks.resolveResult(myTeamMemberResolver)
      ]
    },
    before: {
      all: [checkId(), schemaHooks.validateQuery(myTeamQueryValidator), companyScope]
    }
  })
}
