import { formatTooth, isFdiTooth, parseTooth, type FdiTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { normalizeSurface, sortSurfaces, surfaceLabelKeys, type Surface } from '../../../../domain/clinical/surfaces'
import { lineSurfacesOf, lineTeethProblem } from '../../../../domain/clinical/treatments-done'

/** A tooth of a line as the server stores it. */
export interface LineTeeth {
  tooth: number
  surfaces: Surface[]
}

/** A line being written in the completion dialog or the section's form. */
export interface DraftLine {
  key: string
  serviceId: string | null
  /** "36MO 37O": teeth in the company's numbering, each followed by its surfaces. */
  teethText: string
  /** Minor units of one unit. */
  price: number
  quantity: number
  /** The treatment plan item this line completes (issue 15), if any. */
  planItemId?: string | null
}

type Translate = (key: string) => string

/**
 * The tooth and surfaces one token names: the tooth in the company's numbering (FDI or Universal
 * digits; a Universal primary tooth is its letter), then surface letters, Latin (M O D B L, typed
 * for the tooth: O on an incisor is I) or the interface's own short labels (Russian М О Д В Я...).
 */
function parseToken(token: string, numbering: ToothNumbering, translate?: Translate): LineTeeth | null {
  const match = /^(\d{1,2})(.*)$/u.exec(token) ?? (numbering === 'American' ? /^([A-Ta-t])(.*)$/u.exec(token) : null)
  if (!match) return null
  const tooth = parseTooth(match[1].toUpperCase(), numbering)
  if (tooth === null || !isFdiTooth(tooth)) return null
  const surfaces: Surface[] = []
  for (const letter of [...match[2]]) {
    const surface = surfaceOfLetter(tooth, letter, translate)
    if (!surface) return null
    surfaces.push(surface)
  }
  return { tooth, surfaces: sortSurfaces(surfaces) }
}

function surfaceOfLetter(tooth: FdiTooth, letter: string, translate?: Translate): Surface | null {
  const upper = letter.toUpperCase()
  if (translate) {
    const local = lineSurfacesOf(tooth).find((surface) => translate(surfaceLabelKeys(tooth, surface).short).toUpperCase() === upper)
    if (local) return local
  }
  return normalizeSurface(tooth, letter)
}

/**
 * "36MO, 37O 11" as the line's teeth, or the first token that is not a tooth with its surfaces
 * (the form shows it). Empty text is a whole-mouth line.
 */
export function parseTeethText(text: string, numbering: ToothNumbering, translate?: Translate): { teeth: LineTeeth[] } | { invalid: string } {
  const tokens = text.split(/[\s,;]+/u).filter(Boolean)
  const teeth: LineTeeth[] = []
  for (const token of tokens) {
    const parsed = parseToken(token, numbering, translate)
    if (!parsed || teeth.some((entry) => entry.tooth === parsed.tooth)) return { invalid: token }
    teeth.push(parsed)
  }
  return lineTeethProblem(teeth) ? { invalid: text } : { teeth }
}

/** The line's teeth as typed and shown: "36MO 37O" in the company's numbering and the interface's letters. */
export function teethText(teeth: readonly LineTeeth[], numbering: ToothNumbering, translate?: Translate): string {
  return teeth
    .map((entry) => {
      const letters = entry.surfaces.map((surface) => (translate ? translate(surfaceLabelKeys(entry.tooth, surface).short) : surface)).join('')
      return `${formatTooth(entry.tooth, numbering)}${letters}`
    })
    .join(' ')
}

/** What the dialog needs of a visit: its booked services (the appointment's snapshot of the catalogue). */
export interface VisitForPrefill {
  services: ReadonlyArray<{ serviceId: string; name?: string; price: number; quantity: number }>
}

let draftCounter = 0
export const newDraftKey = () => `draft-${(draftCounter += 1)}`

/** Catalogue prices (minor units) by service id: what a line charges unless changed. */
export type PriceList = ReadonlyMap<string, number>

/**
 * The completion dialog's first lines: one per service booked for the visit, with its quantity
 * and the catalogue's price today (the booked one when the service left the catalogue); the
 * person corrects them and adds teeth. A visit booked without services starts with one empty line.
 */
export function prefillLines(visit: VisitForPrefill, prices: PriceList = new Map()): DraftLine[] {
  if (visit.services.length === 0) return [emptyDraft()]
  return visit.services.map((service) => ({
    key: newDraftKey(),
    serviceId: service.serviceId,
    teethText: '',
    price: prices.get(service.serviceId) ?? service.price,
    quantity: Math.max(1, service.quantity)
  }))
}

export function emptyDraft(): DraftLine {
  return { key: newDraftKey(), serviceId: null, teethText: '', price: 0, quantity: 1 }
}

/**
 * A draft's problem: before it is sent, no service or teeth that do not parse; after, the
 * server's refusal of that line (`code`, e.g. treatment-consent-required at its service).
 */
export type DraftProblem = { key: string; field: 'serviceId' | 'teethText'; code?: string }

/** The drafts draftsToData sends, in its order (the others are empty rows). */
export const sentDrafts = (drafts: readonly DraftLine[]): DraftLine[] => drafts.filter((draft) => draft.serviceId || draft.teethText.trim() !== '')

/**
 * The drafts left after the first `written` sent ones were saved and the next was refused: the
 * saved lines leave the dialog, so saving again never writes them twice.
 */
export function draftsAfterWritten(drafts: readonly DraftLine[], written: number): DraftLine[] {
  const saved = new Set(sentDrafts(drafts).slice(0, written).map((draft) => draft.key))
  return drafts.filter((draft) => !saved.has(draft.key))
}

/**
 * A catalogue service as the pickers list it: name, code, and "needs a signed consent" when
 * marking it done needs one (the service's flag with the company's setting on).
 */
export function serviceOptionLabel(item: { name: string; code?: string | null }, needsConsent: boolean, translate: Translate): string {
  const name = item.code ? `${item.name} (${item.code})` : item.name
  return needsConsent ? `${name} · ${translate('treatmentDone.needsConsent')}` : name
}

/**
 * The drafts as the server's create data (the price only where it differs from the catalogue's),
 * or the first problem. Lines without a service and
 * without teeth are dropped (an empty row left in the dialog is no treatment).
 */
export function draftsToData(
  drafts: readonly DraftLine[],
  visit: { customerId: string; appointmentId: string },
  numbering: ToothNumbering,
  prices: PriceList = new Map(),
  translate?: Translate
): { data: Array<{ customerId: string; appointmentId: string; serviceId: string; teeth: LineTeeth[]; price?: number; quantity: number; planItemId?: string }> } | { problem: DraftProblem } {
  const data = []
  for (const draft of drafts) {
    if (!draft.serviceId && draft.teethText.trim() === '') continue
    if (!draft.serviceId) return { problem: { key: draft.key, field: 'serviceId' } }
    const parsed = parseTeethText(draft.teethText, numbering, translate)
    if ('invalid' in parsed) return { problem: { key: draft.key, field: 'teethText' } }
    // The catalogue's price is the server's default: sent only when the person changed it.
    const price = prices.get(draft.serviceId) === draft.price ? {} : { price: draft.price }
    data.push({ ...visit, serviceId: draft.serviceId, teeth: parsed.teeth, quantity: draft.quantity, ...price, ...(draft.planItemId ? { planItemId: draft.planItemId } : {}) })
  }
  return { data }
}

/** A plan item a line may complete, as the completion dialog and the line form offer it. */
export interface OpenPlanItem {
  _id: string
  serviceId: string
  serviceName: string
  teeth: ReadonlyArray<{ tooth: number; surfaces: readonly string[] }>
  /** Minor units of one unit (the plan's price snapshot). */
  price: number
  quantity: number
}

/** A line completing a plan item: its service, teeth, quantity and the plan's price. */
export function draftOfPlanItem(item: OpenPlanItem, numbering: ToothNumbering, translate?: Translate, key: string = newDraftKey()): DraftLine {
  return {
    key,
    serviceId: item.serviceId,
    teethText: teethText(item.teeth.map((entry) => ({ tooth: entry.tooth, surfaces: entry.surfaces as Surface[] })), numbering, translate),
    price: item.price,
    quantity: item.quantity,
    planItemId: item._id
  }
}
