import { startServer, type TestServer } from '../support/harness'
import { manifestOf } from '../../../server/src/services/service-manifest'
import en from '../../../renderer/src/i18n/locales/en.json'
import { activityServices } from '../../../renderer/src/features/activity/activity-services'

/**
 * The activity log and the trash name a record's kind by its service (trash.kinds.<path>), and
 * the log's filter offers every service that writes to it: a new service cannot show up under
 * its raw path (issue 13: no raw code in the interface).
 */
describe('every service the activity log records has a name', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startServer('sqlite')
  })
  afterAll(() => server.stop())

  it('is named and offered by the log filter', () => {
    const logged = Object.keys(server.app.services).filter((path) => {
      const manifest = manifestOf(path)
      const writes = manifest?.methods.some((method) => ['create', 'update', 'patch', 'remove'].includes(method))
      return manifest && writes && !manifest.activity?.skip
    })
    expect(logged.length).toBeGreaterThan(15)
    const kinds = en.trash.kinds as Record<string, string>
    expect(logged.filter((path) => !kinds[path])).toEqual([])
    expect(logged.filter((path) => !(activityServices as readonly string[]).includes(path))).toEqual([])
  })
})
