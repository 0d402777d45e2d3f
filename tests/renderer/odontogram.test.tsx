import i18next from 'i18next'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { initReactI18next } from 'react-i18next'
import en from '../../renderer/src/i18n/locales/en.json'
import ru from '../../renderer/src/i18n/locales/ru.json'
import { OdontogramChart, type OdontogramChartProps } from '../../renderer/src/features/clinical/OdontogramChart'
import { diagramPlaces } from '../../renderer/src/features/clinical/SurfaceDiagram'
import { odontogramRows } from '../../renderer/src/features/clinical/odontogram-layout'
import { odontogramKey, selectModeOf, selectTooth, toggleSurface, type NavigationState, type ToothSelection } from '../../renderer/src/features/clinical/odontogram-selection'
import { describeTooth } from '../../renderer/src/features/clinical/tooth-description'

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    resources: { en: { translation: en }, ru: { translation: ru } },
    lng: 'ru',
    fallbackLng: 'en',
    interpolation: { escapeValue: false }
  })
})

const t = (key: string, options?: Record<string, unknown>) => i18next.t(key, options)
const render = (props: Partial<OdontogramChartProps> = {}) =>
  renderToStaticMarkup(createElement(OdontogramChart, { dentition: 'permanent', numbering: 'FDI', selection: [], ...props }))

/** The attributes of the tooth group with this FDI number. */
function toothGroup(html: string, fdi: number): string {
  const match = new RegExp(`<g[^>]*data-fdi="${fdi}"[^>]*>`).exec(html)
  if (!match) throw new Error(`tooth ${fdi} not drawn`)
  return match[0]
}
/** The text of the tooth's number label. */
function numberLabel(html: string, fdi: number): string {
  const start = html.indexOf(`data-fdi="${fdi}"`)
  const match = /class="odontogram-number"[^>]*>([^<]*)</.exec(html.slice(start))
  return match ? match[1] : ''
}
const drawnTeeth = (html: string) => [...html.matchAll(/data-fdi="(\d+)"/g)].map((match) => Number(match[1]))

describe('odontogram drawing', () => {
  it('draws the 32 permanent teeth in the dentist\'s order, each a focusable button', () => {
    const html = render()
    expect(drawnTeeth(html)).toEqual([18, 17, 16, 15, 14, 13, 12, 11, 21, 22, 23, 24, 25, 26, 27, 28, 48, 47, 46, 45, 44, 43, 42, 41, 31, 32, 33, 34, 35, 36, 37, 38])
    expect(html.match(/role="button"/g)).toHaveLength(32)
    // Roving focus: one tooth in the tab order, the arrows reach the others.
    expect(html.match(/tabindex="0"/g)).toHaveLength(1)
    expect(toothGroup(html, 18)).toContain('tabindex="0"')
    expect(html).toContain('aria-label="Зубная формула"')
  })

  it('draws 20 primary teeth, or all 52 for a mixed dentition', () => {
    expect(drawnTeeth(render({ dentition: 'primary' }))).toHaveLength(20)
    const mixed = drawnTeeth(render({ dentition: 'mixed' }))
    expect(mixed).toHaveLength(52)
    expect(mixed.slice(16, 21)).toEqual([55, 54, 53, 52, 51])
  })

  it('shows 36 as 19 when the numbering is switched to American', () => {
    expect(numberLabel(render(), 36)).toBe('36')
    const american = render({ numbering: 'American' })
    expect(numberLabel(american, 36)).toBe('19')
    expect(numberLabel(american, 18)).toBe('1')
    expect(numberLabel(render({ dentition: 'primary', numbering: 'American' }), 75)).toBe('K')
    expect(numberLabel(render({ numbering: 'Palmer' }), 36)).toBe('┌6')
    expect(toothGroup(american, 36)).toContain('aria-label="Зуб 19"')
  })

  it('names each tooth with what is charted on it', () => {
    const html = render({ teeth: { 36: { findings: [{ code: 'C', status: 'existing', surfaces: ['O', 'M'] }] }, 48: { condition: 'missing' } } })
    expect(toothGroup(html, 36)).toContain('aria-label="Зуб 36, кариес на М, О"')
    expect(toothGroup(html, 48)).toContain('aria-label="Зуб 48, отсутствует"')
    expect(toothGroup(html, 48)).toContain('is-absent')
    expect(toothGroup(html, 11)).toContain('aria-label="Зуб 11"')
  })

  it('draws a planned filling hatched and a done one solid', () => {
    const html = render({ teeth: { 16: { findings: [{ code: 'Pl', status: 'planned', surfaces: ['O'] }] }, 26: { findings: [{ code: 'Pl', status: 'done', surfaces: ['O'] }] } } })
    const surface = (fdi: number) => {
      const start = html.indexOf(`data-fdi="${fdi}"`)
      return /<path[^>]*data-surface="O"[^>]*>/.exec(html.slice(start))?.[0] ?? ''
    }
    expect(surface(16)).toMatch(/fill="url\(#odg[^"]*odontogram-hatch-Pl\)"/)
    expect(surface(16)).toContain('stroke-dasharray="3 2"')
    expect(surface(26)).toContain('fill="#1c7ed6"')
    expect(surface(26)).not.toContain('stroke-dasharray')
  })

  it('marks the selected teeth and surfaces', () => {
    const html = render({ selection: [{ tooth: 36, surfaces: ['M'] }, { tooth: 11, surfaces: [] }] })
    expect(toothGroup(html, 36)).toContain('aria-pressed="true"')
    expect(toothGroup(html, 11)).toContain('aria-pressed="true"')
    expect(toothGroup(html, 12)).toContain('aria-pressed="false"')
    expect(html.match(/odontogram-surface is-selected/g)).toHaveLength(1)
  })

  it('puts the buccal surface away from the bite line and mesial toward the midline', () => {
    expect(diagramPlaces(16)).toMatchObject({ top: 'outer', bottom: 'inner', left: 'distal', right: 'mesial' })
    expect(diagramPlaces(26)).toMatchObject({ top: 'outer', left: 'mesial', right: 'distal' })
    expect(diagramPlaces(36)).toMatchObject({ top: 'inner', bottom: 'outer', left: 'mesial' })
    expect(diagramPlaces(46)).toMatchObject({ top: 'inner', right: 'mesial' })
  })

  it('describes in English too', async () => {
    await i18next.changeLanguage('en')
    expect(describeTooth(36, { findings: [{ code: 'C', status: 'planned', surfaces: ['M', 'O'] }, { code: 'TM', status: 'existing', degree: 2 }] }, 'American', t))
      .toBe('Tooth 19, caries on M, O (planned); mobility, degree 2')
    expect(describeTooth(16, { condition: 'primaryAdentia' }, 'FDI', t)).toBe('Tooth 16, congenitally missing (primary adentia)')
    await i18next.changeLanguage('ru')
  })
})

describe('odontogram selection by mouse', () => {
  const rows = odontogramRows('permanent')

  it('reads the mode from the modifier keys', () => {
    expect(selectModeOf({ shiftKey: false, ctrlKey: false, metaKey: false })).toBe('replace')
    expect(selectModeOf({ shiftKey: false, ctrlKey: true, metaKey: false })).toBe('toggle')
    expect(selectModeOf({ shiftKey: false, ctrlKey: false, metaKey: true })).toBe('toggle')
    expect(selectModeOf({ shiftKey: true, ctrlKey: true, metaKey: false })).toBe('range')
  })

  it('replaces on a click, toggles on ctrl-click, extends along the row on shift-click', () => {
    const one = selectTooth([], rows, 36, 'replace', null)
    expect(one).toEqual([{ tooth: 36, surfaces: [] }])
    const two = selectTooth(one, rows, 46, 'toggle', 36)
    expect(two.map((entry) => entry.tooth)).toEqual([36, 46])
    expect(selectTooth(two, rows, 36, 'toggle', 46).map((entry) => entry.tooth)).toEqual([46])
    expect(selectTooth(one, rows, 33, 'range', 36).map((entry) => entry.tooth)).toEqual([36, 33, 34, 35])
    expect(selectTooth(one, rows, 16, 'range', 36).map((entry) => entry.tooth)).toEqual([36, 16])
    expect(selectTooth(two, rows, 11, 'replace', 46)).toEqual([{ tooth: 11, surfaces: [] }])
  })

  it('collects surfaces of one tooth by plain clicks, of several with ctrl', () => {
    const m = toggleSurface([{ tooth: 11, surfaces: [] }], 36, 'M', false)
    expect(m).toEqual([{ tooth: 36, surfaces: ['M'] }])
    const mo = toggleSurface(m, 36, 'O', false)
    expect(mo).toEqual([{ tooth: 36, surfaces: ['M', 'O'] }])
    expect(toggleSurface(mo, 36, 'M', false)).toEqual([{ tooth: 36, surfaces: ['O'] }])
    expect(toggleSurface(mo, 37, 'D', true)).toEqual([{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 37, surfaces: ['D'] }])
    expect(toggleSurface(mo, 37, 'D', false)).toEqual([{ tooth: 37, surfaces: ['D'] }])
  })
})

describe('odontogram keyboard', () => {
  const rows = odontogramRows('permanent')
  const at = (focus: number, anchor: number | null = null): NavigationState => ({ focus, anchor })
  const press = (state: NavigationState, selection: ToothSelection[], key: string, extra: { code?: string; shiftKey?: boolean; ctrlKey?: boolean } = {}) =>
    odontogramKey(rows, state, selection, { key, ...extra })

  it('moves along a row with the arrows and stops at its ends', () => {
    expect(press(at(36), [], 'ArrowRight').state.focus).toBe(37)
    expect(press(at(36), [], 'ArrowLeft').state.focus).toBe(35)
    expect(press(at(11), [], 'ArrowRight').state.focus).toBe(21)
    expect(press(at(38), [], 'ArrowRight').state.focus).toBe(38)
    expect(press(at(18), [], 'ArrowLeft').state.focus).toBe(18)
    expect(press(at(36), [], 'Home').state.focus).toBe(48)
    expect(press(at(36), [], 'End').state.focus).toBe(38)
  })

  it('moves between the arches keeping the column', () => {
    expect(press(at(16), [], 'ArrowDown').state.focus).toBe(46)
    expect(press(at(36), [], 'ArrowUp').state.focus).toBe(26)
    expect(press(at(16), [], 'ArrowUp').state.focus).toBe(16)
    const mixed = odontogramRows('mixed')
    expect(odontogramKey(mixed, at(18), [], { key: 'ArrowDown' }).state.focus).toBe(55)
    expect(odontogramKey(mixed, at(55), [], { key: 'ArrowDown' }).state.focus).toBe(85)
    expect(odontogramKey(mixed, at(85), [], { key: 'ArrowDown' }).state.focus).toBe(45)
  })

  it('selects with Space, a row range with Shift+Space, and clears with Escape', () => {
    const first = press(at(36), [], ' ')
    expect(first.selection).toEqual([{ tooth: 36, surfaces: [] }])
    expect(first.state.anchor).toBe(36)
    const moved = press(press(first.state, [...first.selection], 'ArrowRight').state, [...first.selection], 'ArrowRight')
    const range = press(moved.state, [...first.selection], ' ', { shiftKey: true })
    expect(range.selection.map((entry) => entry.tooth)).toEqual([36, 37, 38])
    expect(press(at(36), [...range.selection], 'Escape').selection).toEqual([])
    expect(press(at(36), [], 'Escape').handled).toBe(false)
  })

  it('charts caries on two surfaces of 36 with M and O, whatever the keyboard layout', () => {
    const m = press(at(36), [], 'ь', { code: 'KeyM' })
    expect(m.handled).toBe(true)
    const mo = press(m.state, [...m.selection], 'o', { code: 'KeyO' })
    expect(mo.selection).toEqual([{ tooth: 36, surfaces: ['M', 'O'] }])
    // On an incisor O means incisal and B facial; P is palatal.
    expect(press(at(11), [], 'o').selection).toEqual([{ tooth: 11, surfaces: ['I'] }])
    expect(press(at(11), [], 'b').selection).toEqual([{ tooth: 11, surfaces: ['F'] }])
    expect(press(at(16), [], 'p').selection).toEqual([{ tooth: 16, surfaces: ['L'] }])
    // Another tooth's selection is kept.
    expect(press(at(37), [...mo.selection], 'd').selection).toEqual([{ tooth: 36, surfaces: ['M', 'O'] }, { tooth: 37, surfaces: ['D'] }])
  })

  it('selects every tooth with Ctrl+A and ignores other keys', () => {
    expect(press(at(36), [], 'a', { code: 'KeyA', ctrlKey: true }).selection).toHaveLength(32)
    expect(press(at(36), [], 'x', { code: 'KeyX' }).handled).toBe(false)
    expect(press(at(36), [], 'm', { code: 'KeyM', ctrlKey: true }).handled).toBe(false)
    expect(press(at(55), [], 'ArrowRight').handled).toBe(false)
  })
})
