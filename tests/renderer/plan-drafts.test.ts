import {
  bundleServiceIds,
  bundleToPhases,
  diagnosisMatches,
  linesTotals,
  rankTemplates,
  templateToPhases,
  type BundleLike,
  type TemplateLike
} from '../../renderer/src/features/bundles/plan-drafts'

const hygiene: BundleLike = { _id: 'b-hygiene', name: 'Professional hygiene', items: [{ serviceId: 'cleaning', quantity: 1 }, { serviceId: 'polishing', quantity: 2 }] }
const crownPrep: BundleLike = { _id: 'b-crown', name: 'Crown', items: [{ serviceId: 'xray', quantity: 1 }, { serviceId: 'crown', quantity: 1 }] }

const pulpitis: TemplateLike = {
  _id: 't-pulpitis',
  name: 'Pulpitis',
  specialtyId: 'endo',
  icd: ['K04.0', 'K04.1'],
  phases: [
    { title: 'Canal', items: [{ serviceId: 'xray', quantity: 2 }, { serviceId: 'canal', quantity: 1 }] },
    { bundleId: 'b-crown', items: [{ serviceId: 'xray', quantity: 1 }] },
    { title: '  ', bundleId: 'b-gone', items: [] }
  ]
}

describe('a bundle as plan phases', () => {
  it('is one phase titled with the bundle name, lines and quantities as in the bundle', () => {
    expect(bundleToPhases(hygiene)).toEqual([{ title: 'Professional hygiene', items: [{ serviceId: 'cleaning', quantity: 1 }, { serviceId: 'polishing', quantity: 2 }] }])
  })

  it('leaves out services that can no longer be used, and gives no phase when none is left', () => {
    expect(bundleToPhases(hygiene, { usable: new Set(['polishing']) })).toEqual([{ title: 'Professional hygiene', items: [{ serviceId: 'polishing', quantity: 2 }] }])
    expect(bundleToPhases(hygiene, { usable: [{ _id: 'cleaning', archived: true }, { _id: 'polishing' }] })).toEqual([{ title: 'Professional hygiene', items: [{ serviceId: 'polishing', quantity: 2 }] }])
    expect(bundleToPhases(hygiene, { usable: new Set() })).toEqual([])
  })

  it('puts the given teeth on every line, as copies', () => {
    const teeth = [36]
    const [phase] = bundleToPhases(crownPrep, { teeth })
    expect(phase.items).toEqual([{ serviceId: 'xray', quantity: 1, teeth: [36] }, { serviceId: 'crown', quantity: 1, teeth: [36] }])
    phase.items[0].teeth!.push(37)
    expect(teeth).toEqual([36])
  })

  it('skips lines of a zero, negative or fractional quantity (never sent by the server, but not trusted)', () => {
    expect(bundleToPhases({ _id: 'x', name: 'X', items: [{ serviceId: 'a', quantity: 0 }, { serviceId: 'b', quantity: -1 }, { serviceId: 'c', quantity: 1.5 }, { serviceId: 'd', quantity: 3 }] })).toEqual([
      { title: 'X', items: [{ serviceId: 'd', quantity: 3 }] }
    ])
  })
})

describe('a template as plan phases', () => {
  it('keeps the phase order; a bundle phase takes the bundle\'s current lines, then its own, adding up a service in both', () => {
    expect(templateToPhases(pulpitis, [hygiene, crownPrep])).toEqual([
      { title: 'Canal', items: [{ serviceId: 'xray', quantity: 2 }, { serviceId: 'canal', quantity: 1 }] },
      { title: 'Crown', items: [{ serviceId: 'xray', quantity: 2 }, { serviceId: 'crown', quantity: 1 }] }
    ])
  })

  it('drops a phase whose bundle is gone and has no lines of its own, and takes a map of bundles too', () => {
    const phases = templateToPhases(pulpitis, new Map([[crownPrep._id, crownPrep]]))
    expect(phases.map((phase) => phase.title)).toEqual(['Canal', 'Crown'])
  })

  it('gives a phase without title or bundle no title', () => {
    expect(templateToPhases({ ...pulpitis, phases: [{ items: [{ serviceId: 'canal', quantity: 1 }] }] }, [])).toEqual([{ items: [{ serviceId: 'canal', quantity: 1 }] }])
  })

  it('leaves out unusable services and the phases they empty', () => {
    expect(templateToPhases(pulpitis, [crownPrep], { usable: new Set(['canal']) })).toEqual([{ title: 'Canal', items: [{ serviceId: 'canal', quantity: 1 }] }])
  })
})

describe('totals at catalogue prices', () => {
  const catalogue = [
    { _id: 'cleaning', price: 30_000_00, duration: 40 },
    { _id: 'polishing', price: 15_000_00, duration: 20 }
  ]
  it('multiplies price and duration by quantity in integer minor units, and counts services not found', () => {
    expect(linesTotals(hygiene.items, catalogue)).toEqual({ price: 60_000_00, duration: 80, missing: 0 })
    expect(linesTotals([...hygiene.items, { serviceId: 'gone', quantity: 1 }], catalogue)).toEqual({ price: 60_000_00, duration: 80, missing: 1 })
    expect(linesTotals([], catalogue)).toEqual({ price: 0, duration: 0, missing: 0 })
  })
})

describe('a bundle added to an appointment\'s services', () => {
  it('adds each service once after those chosen, and reports those no longer offered', () => {
    expect(bundleServiceIds(hygiene, ['consult', 'polishing'], [{ _id: 'consult' }, { _id: 'polishing' }])).toEqual({ serviceIds: ['consult', 'polishing'], skipped: ['cleaning'] })
    expect(bundleServiceIds(hygiene, [], [{ _id: 'cleaning' }, { _id: 'polishing' }])).toEqual({ serviceIds: ['cleaning', 'polishing'], skipped: [] })
  })
})

describe('templates in the picker', () => {
  const caries: TemplateLike = { _id: 't-caries', name: 'Caries', specialtyId: 'therapy', icd: ['K02'], phases: [] }
  const anyone: TemplateLike = { _id: 't-any', name: 'Anything', specialtyId: null, icd: [], phases: [] }
  it('counts the diagnoses a template is for; a category code covers its subcategories', () => {
    expect(diagnosisMatches(pulpitis, ['k04.0', 'K02.1'])).toBe(1)
    expect(diagnosisMatches(caries, ['K02.1', 'K02.2', 'K020'])).toBe(2)
    expect(diagnosisMatches(caries, [])).toBe(0)
  })

  it('puts templates for the diagnoses first, then the specialty\'s, then by name', () => {
    expect(rankTemplates([anyone, caries, pulpitis]).map((template) => template._id)).toEqual(['t-any', 't-caries', 't-pulpitis'])
    expect(rankTemplates([anyone, caries, pulpitis], { diagnosisCodes: ['K04.1'] }).map((template) => template._id)).toEqual(['t-pulpitis', 't-any', 't-caries'])
    expect(rankTemplates([anyone, caries, pulpitis], { specialtyId: 'therapy' }).map((template) => template._id)).toEqual(['t-caries', 't-any', 't-pulpitis'])
    expect(rankTemplates([anyone, caries, pulpitis], { specialtyId: 'therapy', diagnosisCodes: ['K04.1'] }).map((template) => template._id)).toEqual(['t-pulpitis', 't-caries', 't-any'])
  })
})
