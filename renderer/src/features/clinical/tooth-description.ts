import { conditionOf, effectiveFindings, toothConditionOf, type ChartFinding, type ToothChartState } from '../../../../domain/clinical/conditions'
import { sortSurfaces, surfaceName } from '../../../../domain/clinical/surfaces'
import { formatTooth, type FdiTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'

export type Translate = (key: string, options?: Record<string, unknown>) => string

/** "кариес на М, О" / "caries on M, O"; a tooth-wide code by its name; a status other than existing in brackets. */
export function describeFinding(tooth: FdiTooth, finding: ChartFinding, t: Translate): string {
  const definition = conditionOf(finding.code)
  const name = t(`clinical.code.${definition.key}`)
  let text = name
  if (definition.scope === 'surface' && finding.surfaces?.length) {
    const surfaces = sortSurfaces(finding.surfaces).map((surface) => t(`clinical.surfaceShort.${surfaceName(tooth, surface)}`)).join(', ')
    text = t('clinical.finding.onSurfaces', { name, surfaces })
  } else if (definition.hasDegree && finding.degree) {
    text = t('clinical.finding.degree', { name, degree: finding.degree })
  }
  return finding.status === 'existing' ? text : t('clinical.finding.withStatus', { finding: text, status: t(`clinical.status.${finding.status}`) })
}

/**
 * A tooth's accessible name: "Зуб 36, кариес на М, О". The tooth condition (other than intact)
 * is named by itself (primary adentia is not just "missing"), then the charted findings.
 */
export function describeTooth(tooth: FdiTooth, state: ToothChartState | undefined, numbering: ToothNumbering, t: Translate): string {
  const number = formatTooth(tooth, numbering)
  const parts: string[] = []
  const condition = state?.condition && state.condition !== 'intact' ? state.condition : null
  if (condition) parts.push(t(`clinical.condition.${condition}`))
  const conditionCode = condition ? toothConditionOf(condition).code : null
  const findings = effectiveFindings(state).slice(conditionCode ? 1 : 0)
  for (const finding of findings) parts.push(describeFinding(tooth, finding, t))
  return parts.length === 0 ? t('clinical.tooth.label', { number }) : t('clinical.tooth.withFindings', { number, findings: parts.join('; ') })
}
