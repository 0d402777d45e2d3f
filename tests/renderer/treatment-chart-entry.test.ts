import { chartEntry, endOfDayInstant, historyLines, keyLabel, paletteKey, codeShortcuts } from '../../renderer/src/features/treatment/chart-entry'
import type { ChartEvent } from '../../domain/clinical/chart-events'

const t = (key: string, options?: Record<string, unknown>) => (options ? `${key}:${JSON.stringify(options)}` : key)

describe('the treatment tab\'s chart entry', () => {
  it('gives every code a key on the digit row and reads keys by their place, not the layout', () => {
    expect([...codeShortcuts.values()].map(keyLabel)).toEqual(['1', '2', '3', '4', '5', '6', '7', '8', '9', '0', '-', '='])
    expect(paletteKey({ code: 'Digit1', key: '1' }, false)).toEqual({ kind: 'code', code: 'C' })
    expect(paletteKey({ code: 'Digit0', key: '0' }, false)).toEqual({ kind: 'code', code: 'M' })
    expect(paletteKey({ code: 'Equal', key: '=' }, false)).toEqual({ kind: 'code', code: 'TM' })
    // Q W E on a Russian layout type Й Ц У: the key's place counts.
    expect(paletteKey({ code: 'KeyW', key: 'ц' }, false)).toEqual({ kind: 'status', status: 'planned' })
    expect(paletteKey({ code: 'KeyE', key: 'e' }, false)).toEqual({ kind: 'status', status: 'done' })
    expect(paletteKey({ code: 'Digit2', key: '2' }, true)).toEqual({ kind: 'degree', degree: 2 })
    expect(paletteKey({ code: 'Digit5', key: '5' }, true)).toBeNull()
    expect(paletteKey({ code: 'Digit1', key: '1', ctrlKey: true }, false)).toBeNull()
    // The chart's own keys are left to the chart.
    for (const code of ['KeyM', 'KeyO', 'KeyD', 'KeyB', 'KeyL', 'Space', 'Enter', 'ArrowLeft']) expect(paletteKey({ code, key: code }, false)).toBeNull()
  })

  it('builds one call for the selection, or names the first problem', () => {
    const selection = [{ tooth: 36, surfaces: ['M' as const, 'O' as const] }, { tooth: 37, surfaces: ['O' as const] }]
    expect(chartEntry('c1', selection, { code: 'C', status: 'existing' })).toEqual({
      data: { customerId: 'c1', teeth: [{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 37, surfaces: ['O'] }], code: 'C', status: 'existing' }
    })
    // A crown is charted on the whole tooth: surfaces picked are dropped.
    expect(chartEntry('c1', selection, { code: 'Cr', status: 'planned' })).toEqual({ data: { customerId: 'c1', teeth: [{ tooth: 36 }, { tooth: 37 }], code: 'Cr', status: 'planned' } })
    expect(chartEntry('c1', [{ tooth: 48, surfaces: [] }], { condition: 'missing' })).toEqual({ data: { customerId: 'c1', teeth: [{ tooth: 48 }], condition: 'missing' } })
    expect(chartEntry('c1', [{ tooth: 31, surfaces: [] }], { code: 'TM', status: 'existing', degree: 2 })).toEqual({ data: { customerId: 'c1', teeth: [{ tooth: 31 }], code: 'TM', status: 'existing', degree: 2 } })
    expect(chartEntry('c1', [], { code: 'C', status: 'existing' })).toEqual({ problem: 'teeth-not-selected' })
    expect(chartEntry('c1', [{ tooth: 36, surfaces: [] }], { code: 'C', status: 'existing' })).toEqual({ problem: 'surfaces-required' })
  })

  it('tells a tooth\'s history newest first, with what each removal ended', () => {
    const events: ChartEvent[] = [
      { _id: 'a', tooth: 36, action: 'add', code: 'C', status: 'existing', surfaces: ['M'], createdAt: '2026-01-01T10:00:00.000Z' },
      { _id: 'b', tooth: 36, action: 'add', code: 'Pl', status: 'done', surfaces: ['M'], createdAt: '2026-02-01T10:00:00.000Z' },
      { _id: 'c', tooth: 36, action: 'remove', endsEventId: 'a', createdAt: '2026-02-01T10:00:01.000Z' },
      { _id: 'd', tooth: 11, action: 'add', condition: 'depulped', createdAt: '2026-02-01T10:00:00.000Z' }
    ]
    const lines = historyLines(events, 36, t)
    expect(lines.map((line) => [line.event._id, line.active, line.ended])).toEqual([['c', false, false], ['b', true, false], ['a', false, true]])
    expect(lines[0].text).toContain('treatment.history.removed')
    expect(lines[0].text).toContain('clinical.code.caries')
    expect(historyLines(events, 11, t).map((line) => line.text)).toEqual(['clinical.condition.depulped'])
  })

  it('reads "as of a day" as the end of that day in the clinic\'s zone, not the computer\'s', () => {
    expect(endOfDayInstant('2026-03-05', 'Asia/Tashkent')).toBe('2026-03-05T18:59:59.999Z')
    expect(endOfDayInstant('2026-03-05', 'UTC')).toBe('2026-03-05T23:59:59.999Z')
    // The night Helsinki moves its clocks forward the day still ends at its own midnight.
    expect(endOfDayInstant('2026-03-28', 'Europe/Helsinki')).toBe('2026-03-28T21:59:59.999Z')
    expect(endOfDayInstant('2026-03-29', 'Europe/Helsinki')).toBe('2026-03-29T20:59:59.999Z')
  })
})
