import { normalizeSurface, type Surface } from '../../../../domain/clinical/surfaces'
import { chartColumn, type FdiTooth } from '../../../../domain/clinical/teeth'
import { locate, nearestInRow, type OdontogramRow } from './odontogram-layout'

/** One selected tooth; no surfaces means the whole tooth. */
export interface ToothSelection {
  tooth: FdiTooth
  surfaces: Surface[]
}
export type OdontogramSelection = readonly ToothSelection[]

/** How a click combines with the selection: plain replaces, ctrl/cmd toggles, shift extends. */
export type SelectMode = 'replace' | 'toggle' | 'range'

export function selectModeOf(event: { shiftKey: boolean; ctrlKey: boolean; metaKey: boolean }): SelectMode {
  if (event.shiftKey) return 'range'
  return event.ctrlKey || event.metaKey ? 'toggle' : 'replace'
}

export const isSelected = (selection: OdontogramSelection, tooth: FdiTooth) => selection.some((entry) => entry.tooth === tooth)

export function selectedSurfaces(selection: OdontogramSelection, tooth: FdiTooth): Surface[] {
  return selection.find((entry) => entry.tooth === tooth)?.surfaces ?? []
}

/** The teeth of a row from one tooth to another, both included (null when in different rows). */
function rowRange(rows: readonly OdontogramRow[], from: FdiTooth, to: FdiTooth): FdiTooth[] | null {
  const a = locate(rows, from)
  const b = locate(rows, to)
  if (!a || !b || a.row !== b.row) return null
  const [start, end] = a.index <= b.index ? [a.index, b.index] : [b.index, a.index]
  return rows[a.row].teeth.slice(start, end + 1)
}

/**
 * A click on a whole tooth. Replace: only that tooth. Toggle: add or remove it. Range: add every
 * tooth of the row from the anchor to it (a tooth in another row is just added).
 */
export function selectTooth(selection: OdontogramSelection, rows: readonly OdontogramRow[], tooth: FdiTooth, mode: SelectMode, anchor: FdiTooth | null): ToothSelection[] {
  if (mode === 'replace') return [{ tooth, surfaces: [] }]
  if (mode === 'toggle') {
    return isSelected(selection, tooth) ? selection.filter((entry) => entry.tooth !== tooth) : [...selection, { tooth, surfaces: [] }]
  }
  const teeth = (anchor !== null && rowRange(rows, anchor, tooth)) || [tooth]
  const added = teeth.filter((candidate) => !isSelected(selection, candidate)).map((candidate) => ({ tooth: candidate, surfaces: [] }))
  return [...selection, ...added]
}

/**
 * A click (or letter key) on a surface. Toggles that surface of the tooth. Unless `keepOthers`
 * (ctrl/cmd/shift, or the keyboard), other selected teeth are let go, so clicking M then O of 36
 * selects M and O of 36. A tooth whose last surface is toggled off stays selected as a whole.
 */
export function toggleSurface(selection: OdontogramSelection, tooth: FdiTooth, surface: Surface, keepOthers: boolean): ToothSelection[] {
  const base = keepOthers ? selection : selection.filter((entry) => entry.tooth === tooth)
  const current = base.find((entry) => entry.tooth === tooth)
  if (!current) return [...base, { tooth, surfaces: [surface] }]
  const surfaces = current.surfaces.includes(surface) ? current.surfaces.filter((item) => item !== surface) : [...current.surfaces, surface]
  return base.map((entry) => (entry.tooth === tooth ? { tooth, surfaces } : entry))
}

export interface NavigationState {
  focus: FdiTooth
  anchor: FdiTooth | null
}

export interface KeyInput {
  key: string
  /** KeyboardEvent.code: letters are read from it so a Cyrillic layout types M O D B L too. */
  code?: string
  shiftKey?: boolean
  ctrlKey?: boolean
  metaKey?: boolean
}

export interface KeyOutcome {
  state: NavigationState
  selection: OdontogramSelection
  /** The key meant something here (the caller then prevents its default). */
  handled: boolean
}

/** Surface letters accepted from the keyboard (P palatal, I/F for incisors, V cervical). */
const SURFACE_LETTERS = new Set(['M', 'O', 'I', 'D', 'B', 'F', 'L', 'P', 'V'])

function letterOf(input: KeyInput): string | null {
  const fromCode = /^Key([A-Z])$/.exec(input.code ?? '')
  if (fromCode) return fromCode[1]
  return /^[a-z]$/i.test(input.key) ? input.key.toUpperCase() : null
}

/**
 * The chart's keyboard: arrows move between teeth (up and down keep the column), Home/End go to
 * the row's ends, Space or Enter selects the tooth (shift: the row range from the anchor),
 * M O D B L (and I F P V) toggle a surface of the focused tooth, Escape clears, Ctrl+A selects
 * every tooth.
 */
export function odontogramKey(rows: readonly OdontogramRow[], state: NavigationState, selection: OdontogramSelection, input: KeyInput): KeyOutcome {
  const unhandled: KeyOutcome = { state, selection, handled: false }
  const where = locate(rows, state.focus)
  if (!where) return unhandled
  const row = rows[where.row]
  const move = (focus: FdiTooth): KeyOutcome => ({ state: { ...state, focus }, selection, handled: true })
  const modifier = input.ctrlKey || input.metaKey

  switch (input.key) {
    case 'ArrowLeft': return move(row.teeth[Math.max(0, where.index - 1)])
    case 'ArrowRight': return move(row.teeth[Math.min(row.teeth.length - 1, where.index + 1)])
    case 'Home': return move(row.teeth[0])
    case 'End': return move(row.teeth[row.teeth.length - 1])
    case 'ArrowUp':
    case 'ArrowDown': {
      const target = rows[where.row + (input.key === 'ArrowUp' ? -1 : 1)]
      return target ? move(nearestInRow(target, chartColumn(state.focus))) : move(state.focus)
    }
    case ' ':
    case 'Enter': {
      const mode: SelectMode = input.shiftKey ? 'range' : 'toggle'
      const next = selectTooth(selection, rows, state.focus, mode, state.anchor)
      return { state: { focus: state.focus, anchor: input.shiftKey ? state.anchor : state.focus }, selection: next, handled: true }
    }
    case 'Escape':
      return selection.length === 0 ? unhandled : { state, selection: [], handled: true }
  }

  const letter = letterOf(input)
  if (letter === 'A' && modifier) {
    return { state, selection: rows.flatMap((item) => item.teeth).map((tooth) => ({ tooth, surfaces: selectedSurfaces(selection, tooth) })), handled: true }
  }
  if (letter && !modifier && SURFACE_LETTERS.has(letter)) {
    const surface = normalizeSurface(state.focus, letter)
    if (surface) return { state: { ...state, anchor: state.focus }, selection: toggleSurface(selection, state.focus, surface, true), handled: true }
  }
  return unhandled
}
