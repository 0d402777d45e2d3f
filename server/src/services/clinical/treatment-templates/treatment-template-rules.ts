import { BadRequest } from '@feathersjs/errors'
import type { HookContext } from '../../../declarations'
import { dbOf } from '../../../hooks/call-transaction'
import { clinicError } from '../../../errors'
import { visibleCodes } from '../icd/icd-rules'
import { unusableBundleIds } from '../../catalogue/bundle/bundle.class'
import { checkServiceLines, parsedList, refuseRepeatedServices, storedRow, type ServiceLine } from '../../catalogue/bundle/bundle-rules'
import type { TreatmentTemplatePhase } from './treatment-templates.schema'

/** Phase titles are trimmed before validation; a blank one is no title. */
export function trimPhaseTitles(context: HookContext) {
  const data = context.data as { phases?: unknown } | undefined
  if (!data || typeof data !== 'object' || !Array.isArray(data.phases)) return
  context.data = {
    ...data,
    phases: data.phases.map((phase: unknown) => {
      if (!phase || typeof phase !== 'object' || Array.isArray(phase)) return phase
      const title = (phase as { title?: unknown }).title
      return typeof title === 'string' ? { ...phase, title: title.trim() } : phase
    })
  }
}

/**
 * Before create and patch: each phase has services or a bundle; a phase names a service once;
 * services and bundles newly named are active (those the stored template already holds are not
 * judged again); the diagnoses are codes of the company's ICD-10 list.
 */
export async function checkTemplateContents(context: HookContext) {
  const data = context.data as { phases?: TreatmentTemplatePhase[]; icd?: string[] } | undefined
  const companyId = context.params.identity?.user.companyId ?? (data as { companyId?: string } | undefined)?.companyId
  if (!data || !companyId) return
  const db = dbOf(context.app, context.params)
  const stored = data.phases || data.icd ? await storedRow(context, 'treatment_templates') : undefined

  if (Array.isArray(data.phases)) {
    const lines: ServiceLine[] = []
    data.phases.forEach((phase, index) => {
      if (phase.items.length === 0 && !phase.bundleId) throw clinicError(BadRequest, 'template-phase-empty', `phases.${index}`)
      const phaseLines = phase.items.map((item, line) => ({ at: `phases.${index}.items.${line}.serviceId`, serviceId: item.serviceId }))
      refuseRepeatedServices(phaseLines)
      lines.push(...phaseLines)
    })
    const storedPhases = parsedList<TreatmentTemplatePhase>(stored?.phases)
    const heldServices = new Set(storedPhases.flatMap((phase) => phase.items.map((item) => item.serviceId)))
    await checkServiceLines(db, companyId, lines, heldServices)
    const heldBundles = new Set(storedPhases.map((phase) => phase.bundleId).filter((id): id is string => Boolean(id)))
    const named = data.phases.map((phase, index) => ({ index, bundleId: phase.bundleId })).filter((phase) => phase.bundleId && !heldBundles.has(phase.bundleId))
    const unusable = await unusableBundleIds(db, companyId, named.map((phase) => phase.bundleId!))
    const first = named.find((phase) => unusable.has(phase.bundleId!))
    if (first) throw clinicError(BadRequest, 'choice-archived', `phases.${first.index}.bundleId`)
  }

  if (Array.isArray(data.icd) && data.icd.length > 0) {
    const known = new Set(((await visibleCodes(db, companyId, 'ICD-10').whereIn('code', data.icd).select('code')) as Array<{ code: string }>).map((row) => row.code))
    const unknown = data.icd.findIndex((code) => !known.has(code))
    if (unknown >= 0) throw clinicError(BadRequest, 'icd-code-unknown', `icd.${unknown}`)
  }
}
