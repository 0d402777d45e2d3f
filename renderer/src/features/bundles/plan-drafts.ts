/**
 * Bundles and treatment templates turned into treatment-plan phase drafts (issue 15, item 3).
 * Pure functions, no I/O: the treatment-plan editor appends what these return, the booking form
 * and the bundles screen use the totals. Prices and durations are the catalogue's at the time of
 * use (integer minor units and minutes), never stored on a bundle.
 */

/** One line of a plan phase draft, the shape the plan editor appends. */
export interface PlanItemDraft {
  serviceId: string
  quantity: number
  teeth?: number[]
  surfaces?: string[]
}

export interface PlanPhaseDraft {
  title?: string
  items: PlanItemDraft[]
}

/** The parts of a bundle these functions read (a `bundle` record fits). */
export interface BundleLike {
  _id: string
  name: string
  items: ReadonlyArray<{ serviceId: string; quantity: number }>
  archived?: boolean
}

/** The parts of a treatment template these functions read (a `treatment-templates` record fits). */
export interface TemplateLike {
  _id: string
  name: string
  specialtyId?: string | null
  icd: readonly string[]
  phases: ReadonlyArray<{ title?: string; bundleId?: string | null; items: ReadonlyArray<{ serviceId: string; quantity: number }> }>
}

/** The parts of a catalogue service these functions read. */
export interface CatalogueLike {
  _id: string
  price: number
  duration: number
  archived?: boolean
}

export interface DraftOptions {
  /**
   * The services a plan may use now (the active catalogue). Given, lines of other services
   * (archived or removed since) are left out; not given, every line is kept.
   */
  usable?: ReadonlySet<string> | ReadonlyArray<{ _id: string; archived?: boolean }>
  /** Teeth (FDI) every line gets, as when the template is applied from a tooth on the chart. */
  teeth?: readonly number[]
}

function usableSet(usable: DraftOptions['usable']): ReadonlySet<string> | undefined {
  if (!usable) return undefined
  if (usable instanceof Set) return usable
  return new Set((usable as ReadonlyArray<{ _id: string; archived?: boolean }>).filter((service) => !service.archived).map((service) => service._id))
}

/** Lines merged by service in first-seen order (a service twice in one phase adds its quantities). */
function mergeLines(lines: ReadonlyArray<{ serviceId: string; quantity: number }>, options: DraftOptions): PlanItemDraft[] {
  const usable = usableSet(options.usable)
  const merged = new Map<string, PlanItemDraft>()
  for (const line of lines) {
    if (usable && !usable.has(line.serviceId)) continue
    if (!Number.isInteger(line.quantity) || line.quantity < 1) continue
    const kept = merged.get(line.serviceId)
    if (kept) kept.quantity += line.quantity
    else merged.set(line.serviceId, { serviceId: line.serviceId, quantity: line.quantity, ...(options.teeth && options.teeth.length > 0 ? { teeth: [...options.teeth] } : {}) })
  }
  return [...merged.values()]
}

/** A bundle as one phase titled with its name; no phase when none of its services can be used. */
export function bundleToPhases(bundle: BundleLike, options: DraftOptions = {}): PlanPhaseDraft[] {
  const items = mergeLines(bundle.items, options)
  return items.length > 0 ? [{ title: bundle.name, items }] : []
}

/**
 * A template's phases in order. A phase with a bundle takes the bundle's current lines first,
 * then its own (a service in both adds up); its title is its own, else the bundle's name. A
 * bundle that is gone (not in `bundles`) leaves the phase its own lines; a phase left with no
 * usable line is dropped.
 */
export function templateToPhases(template: TemplateLike, bundles: ReadonlyMap<string, BundleLike> | readonly BundleLike[], options: DraftOptions = {}): PlanPhaseDraft[] {
  const byId: ReadonlyMap<string, BundleLike> = bundles instanceof Map ? bundles : new Map((bundles as readonly BundleLike[]).map((bundle) => [bundle._id, bundle]))
  return template.phases.flatMap((phase) => {
    const bundle = phase.bundleId ? byId.get(phase.bundleId) : undefined
    const items = mergeLines([...(bundle?.items ?? []), ...phase.items], options)
    if (items.length === 0) return []
    const title = phase.title?.trim() || bundle?.name
    return [title ? { title, items } : { items }]
  })
}

/** Price (minor units) and duration (minutes) of lines at catalogue prices; services not found are counted in `missing`. */
export function linesTotals(lines: ReadonlyArray<{ serviceId: string; quantity: number }>, catalogue: readonly CatalogueLike[]): { price: number; duration: number; missing: number } {
  const byId = new Map(catalogue.map((service) => [service._id, service]))
  return lines.reduce(
    (sum, line) => {
      const service = byId.get(line.serviceId)
      if (!service) return { ...sum, missing: sum.missing + 1 }
      return { price: sum.price + service.price * line.quantity, duration: sum.duration + service.duration * line.quantity, missing: sum.missing }
    },
    { price: 0, duration: 0, missing: 0 }
  )
}

/**
 * The services a bundle adds to an appointment's service list: each once, in the bundle's order,
 * after those already chosen; those not in the offered catalogue (archived since) are `skipped`.
 */
export function bundleServiceIds(bundle: BundleLike, chosen: readonly string[], offered: ReadonlyArray<{ _id: string }>): { serviceIds: string[]; skipped: string[] } {
  const available = new Set(offered.map((service) => service._id))
  const serviceIds = [...chosen]
  const skipped: string[] = []
  for (const line of bundle.items) {
    if (!available.has(line.serviceId)) skipped.push(line.serviceId)
    else if (!serviceIds.includes(line.serviceId)) serviceIds.push(line.serviceId)
  }
  return { serviceIds, skipped }
}

/** A diagnosis code matches a template code that is the same code or its category (K04 matches K04.0). */
function codeMatches(templateCode: string, diagnosis: string): boolean {
  const a = templateCode.trim().toUpperCase()
  const b = diagnosis.trim().toUpperCase()
  return a === b || (!a.includes('.') && b.startsWith(`${a}.`))
}

/** How many of the given diagnoses a template is for. */
export function diagnosisMatches(template: TemplateLike, diagnosisCodes: readonly string[] = []): number {
  return diagnosisCodes.filter((code) => template.icd.some((own) => codeMatches(own, code))).length
}

/**
 * Templates in the order a picker offers them: those for more of the given diagnoses first, then
 * those of the given specialty, then by name (in the interface language's collation).
 */
export function rankTemplates<T extends TemplateLike>(templates: readonly T[], context: { specialtyId?: string | null; diagnosisCodes?: readonly string[]; locale?: string } = {}): T[] {
  const collator = new Intl.Collator(context.locale)
  const score = (template: T) => ({
    diagnoses: diagnosisMatches(template, context.diagnosisCodes),
    specialty: context.specialtyId && template.specialtyId === context.specialtyId ? 1 : 0
  })
  return [...templates]
    .map((template) => ({ template, ...score(template) }))
    .sort((a, b) => b.diagnoses - a.diagnoses || b.specialty - a.specialty || collator.compare(a.template.name, b.template.name))
    .map((entry) => entry.template)
}
