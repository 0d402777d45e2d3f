import { activeEvents, chartAsOf, chartEntryProblem, toothHistory, type ChartEvent } from '../../../domain/clinical/chart-events'

let sequence = 0
function event(createdAt: string, fields: Partial<ChartEvent>): ChartEvent {
  sequence += 1
  return { _id: `e${String(sequence).padStart(3, '0')}`, tooth: 36, action: 'add', createdAt, ...fields }
}

describe('chart events (the chart as a projection)', () => {
  const caries = event('2026-01-10T09:00:00.000Z', { code: 'C', status: 'existing', surfaces: ['M', 'O'] })
  const missing = event('2026-01-10T09:00:00.000Z', { tooth: 48, condition: 'secondaryAdentia' })
  const filling = event('2026-02-01T10:00:00.000Z', { code: 'Pl', status: 'done', surfaces: ['M', 'O'] })
  const endCaries = event('2026-02-01T10:00:01.000Z', { action: 'remove', endsEventId: caries._id })
  const mobility = event('2026-03-01T10:00:00.000Z', { tooth: 31, code: 'TM', status: 'existing', degree: 2 })
  // Given out of order: the projection sorts them.
  const events = [mobility, endCaries, filling, missing, caries]

  it('draws nothing before the first event', () => {
    expect(chartAsOf(events, '2026-01-01T00:00:00.000Z')).toEqual({})
  })

  it('shows the chart as it stood on each earlier day', () => {
    expect(chartAsOf(events, '2026-01-15T00:00:00.000Z')).toEqual({
      36: { findings: [{ code: 'C', status: 'existing', surfaces: ['M', 'O'] }] },
      48: { condition: 'secondaryAdentia' }
    })
    // The instant of an event includes it; the caries is ended a second after the filling.
    expect(chartAsOf(events, '2026-02-01T10:00:00.000Z')[36]).toEqual({
      findings: [{ code: 'C', status: 'existing', surfaces: ['M', 'O'] }, { code: 'Pl', status: 'done', surfaces: ['M', 'O'] }]
    })
    expect(chartAsOf(events, '2026-02-02T00:00:00.000Z')[36]).toEqual({ findings: [{ code: 'Pl', status: 'done', surfaces: ['M', 'O'] }] })
    expect(chartAsOf(events)).toEqual({
      31: { findings: [{ code: 'TM', status: 'existing', degree: 2 }] },
      36: { findings: [{ code: 'Pl', status: 'done', surfaces: ['M', 'O'] }] },
      48: { condition: 'secondaryAdentia' }
    })
  })

  it('lets a later condition replace an earlier one, and intact clear it', () => {
    const pulpitis = event('2026-04-01T00:00:00.000Z', { tooth: 11, condition: 'pulpitis' })
    const depulped = event('2026-04-02T00:00:00.000Z', { tooth: 11, condition: 'depulped' })
    const intact = event('2026-04-03T00:00:00.000Z', { tooth: 11, condition: 'intact' })
    expect(chartAsOf([pulpitis, depulped], null)[11]).toEqual({ condition: 'depulped' })
    expect(chartAsOf([pulpitis, depulped, intact], null)[11]).toBeUndefined()
  })

  it('keeps ended findings in the tooth history, newest first', () => {
    expect(toothHistory(events, 36).map((entry) => entry._id)).toEqual([endCaries._id, filling._id, caries._id])
    expect(activeEvents(events).map((entry) => entry._id)).toEqual([missing._id, filling._id, mobility._id])
  })

  it('names the first problem of an entry and its field', () => {
    expect(chartEntryProblem({ tooth: 36, code: 'C', surfaces: ['M', 'O'] })).toBeNull()
    expect(chartEntryProblem({ tooth: 48, condition: 'missing' })).toBeNull()
    expect(chartEntryProblem({ tooth: 31, code: 'TM', degree: 3 })).toBeNull()
    expect(chartEntryProblem({ tooth: 19, code: 'C', surfaces: ['M'] })).toEqual({ code: 'tooth-unknown', field: 'tooth' })
    expect(chartEntryProblem({ tooth: 11, code: 'C', surfaces: ['O'] })).toEqual({ code: 'surface-not-on-tooth', field: 'surfaces' })
    expect(chartEntryProblem({ tooth: 11, code: 'C', surfaces: ['X'] })).toEqual({ code: 'surface-not-on-tooth', field: 'surfaces' })
    expect(chartEntryProblem({ tooth: 11, code: 'Q' })).toEqual({ code: 'condition-code-unknown', field: 'code' })
    expect(chartEntryProblem({ tooth: 11, condition: 'broken' })).toEqual({ code: 'condition-code-unknown', field: 'condition' })
    expect(chartEntryProblem({ tooth: 11 })).toEqual({ code: 'chart-entry-required', field: 'code' })
    expect(chartEntryProblem({ tooth: 11, code: 'C', condition: 'missing' })).toEqual({ code: 'chart-entry-required', field: 'code' })
    expect(chartEntryProblem({ tooth: 11, code: 'C' })).toEqual({ code: 'surfaces-required', field: 'surfaces' })
    expect(chartEntryProblem({ tooth: 11, code: 'Cr', surfaces: ['M'] })).toEqual({ code: 'surfaces-not-allowed', field: 'surfaces' })
    expect(chartEntryProblem({ tooth: 11, code: 'TM' })).toEqual({ code: 'degree-required', field: 'degree' })
    expect(chartEntryProblem({ tooth: 11, code: 'Cr', degree: 1 })).toEqual({ code: 'degree-not-allowed', field: 'degree' })
    expect(chartEntryProblem({ tooth: 11, condition: 'missing', surfaces: ['M'] })).toEqual({ code: 'surfaces-not-allowed', field: 'surfaces' })
  })
})
