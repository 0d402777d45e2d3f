import { feathers, type HookContext, type Params } from '@feathersjs/feathers'
import { koa } from '@feathersjs/koa'
import { freshPublishNotes, publishNote } from '../../../server/src/services/publish-notes'

const outerNote = publishNote<string>('outer.told')
const innerNote = publishNote<{ id: string; seen: number[] }>('inner.told')

/**
 * Two services on a bare Feathers app with the app-wide hook: `outer` tells its publisher
 * something from the class (on a copy of its params, as the knex adapter hands its class), then
 * calls `inner` twice, once with a spread of its params and once with them as they are.
 */
function notesApp() {
  // A Koa-based Feathers app as the clinic's is (the hook's type), with none of its services.
  const app = koa(feathers())
  app.hooks({ around: { all: [freshPublishNotes] } })
  const contexts: HookContext[] = []
  app.hooks({ after: { all: [(context: HookContext) => void contexts.push(context)] } })
  const innerSaw: unknown[] = []
  app.use('inner', {
    async get(id: string, params: Params) {
      innerSaw.push(structuredClone(params.publishNotes))
      innerNote.set({ ...params }, { id, seen: [innerSaw.length] })
      return { id }
    }
  })
  app.use('outer', {
    async get(id: string, params: Params) {
      outerNote.set({ ...params, query: {} }, `outer ${id}`)
      await app.service('inner').get('spread', { ...params })
      await app.service('inner').get('passed', params)
      return { id }
    }
  })
  return { app, contexts, innerSaw }
}

describe('publish notes (what a call tells its publisher)', () => {
  it('reach the call\'s context from the class\'s copy of params, belong to that call only, and are not in its result', async () => {
    const { app, contexts, innerSaw } = notesApp()
    const given: Params = { query: {} }
    const result = await app.service('outer').get('x', given)

    expect(result).toEqual({ id: 'x' })
    // The nested calls started with no notes, though their params came from the outer call's.
    expect(innerSaw).toEqual([{}, {}])
    const [spread, passed, outer] = contexts
    expect(outer.path).toBe('outer')
    expect(outer.params.publishNotes).toEqual({ 'outer.told': 'outer x' })
    expect(outerNote.get(outer.params)).toBe('outer x')
    // What the nested calls told stayed theirs.
    expect(innerNote.get(outer.params)).toBeUndefined()
    expect(innerNote.get(spread.params)).toEqual({ id: 'spread', seen: [1] })
    expect(innerNote.get(passed.params)).toEqual({ id: 'passed', seen: [2] })
    expect(outerNote.get(spread.params)).toBeUndefined()
    // The caller's own params object is left as it was.
    expect(given).toEqual({ query: {} })
  })

  it('read as nothing without a call (an event a service emits itself) and start a slot on params without one', () => {
    expect(outerNote.get(undefined)).toBeUndefined()
    expect(outerNote.get({})).toBeUndefined()
    const params: Params = {}
    outerNote.set(params, 'set')
    expect(params.publishNotes).toEqual({ 'outer.told': 'set' })
  })
})
