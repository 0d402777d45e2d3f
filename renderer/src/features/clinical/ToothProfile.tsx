import { conditionOf, type ChartFinding, type ConditionMark } from '../../../../domain/clinical/conditions'
import type { FdiTooth } from '../../../../domain/clinical/teeth'
import { linePaint, paintOf } from './paint'
import { APEX, CERVICAL, apexPoints, canalPaths, crownHalfWidth, crownPath, rootPaths } from './tooth-shapes'

const ENAMEL = { fill: '#fdfcf7', stroke: '#8c8c8c' }
const ROOT = { fill: '#f4ecdc', stroke: '#a8a29a' }

/** The last whole-tooth finding drawn with a mark (later findings cover earlier ones). */
function markFinding(findings: readonly ChartFinding[], mark: ConditionMark): ChartFinding | null {
  return [...findings].reverse().find((finding) => conditionOf(finding.code).mark === mark) ?? null
}

/**
 * The side view of one tooth with its whole-tooth marks, standing crown up in local units (the
 * caller flips upper teeth). Purely visual: the cell around it takes the clicks.
 */
export function ToothProfile({ tooth, findings, idPrefix }: { tooth: FdiTooth; findings: readonly ChartFinding[]; idPrefix: string }) {
  const missing = markFinding(findings, 'missing')
  const absent = missing !== null && missing.status !== 'planned'
  const crown = markFinding(findings, 'crown')
  const pontic = markFinding(findings, 'pontic')
  const implant = markFinding(findings, 'implant')
  const root = markFinding(findings, 'root')
  const canal = markFinding(findings, 'canal')
  const pulp = markFinding(findings, 'pulp')
  const apex = markFinding(findings, 'apex')
  const gum = markFinding(findings, 'gum')
  const roots = rootPaths(tooth)
  const width = crownHalfWidth(tooth)

  if (absent && !pontic && !implant) {
    const line = linePaint(missing)
    return (
      <g className="odontogram-profile is-absent">
        <path d={roots.front} fill="none" stroke={ROOT.stroke} strokeOpacity={0.35} strokeDasharray="2 2" />
        <path d={crownPath(tooth)} fill="none" stroke={ENAMEL.stroke} strokeOpacity={0.35} strokeDasharray="2 2" />
        <path d={`M ${-width},6 L ${width},${APEX - 8} M ${width},6 L ${-width},${APEX - 8}`} stroke={line.stroke} strokeWidth={2.4} strokeLinecap="round" />
      </g>
    )
  }

  const crownPaint = crown ?? pontic
  const rootPaint = root ? paintOf(root, idPrefix) : null
  return (
    <g className="odontogram-profile">
      {/* Roots: none under a pontic, a screw for an implant, painted for a retained root. */}
      {!pontic && !implant && (
        <>
          {roots.back && <path d={roots.back} fill={ROOT.fill} stroke={ROOT.stroke} strokeWidth={0.8} opacity={0.8} />}
          <path d={roots.front} fill={rootPaint?.fill ?? ROOT.fill} fillOpacity={rootPaint?.fillOpacity ?? 1} stroke={rootPaint?.stroke ?? ROOT.stroke} strokeDasharray={rootPaint?.strokeDasharray} strokeWidth={rootPaint?.strokeWidth ?? 0.9} />
        </>
      )}
      {implant && <Implant finding={implant} idPrefix={idPrefix} />}
      {pontic && !implant && <path d={roots.front} fill="none" stroke={ROOT.stroke} strokeOpacity={0.3} strokeDasharray="2 2" />}
      {canal && !implant && !pontic && canalPaths(tooth).map((d) => <path key={d} d={d} {...linePaint(canal)} strokeWidth={2.2} strokeLinecap="round" fill="none" />)}
      {apex && !implant && !pontic && apexPoints(tooth).map((point) => {
        const paint = paintOf(apex, idPrefix)
        return <circle key={`${point.x}`} cx={point.x} cy={point.y} r={4.2} {...paint} />
      })}
      {/* Crown: gone (dashed) over a retained root, painted for a crown or pontic. */}
      {root && !crownPaint ? (
        <path d={crownPath(tooth)} fill="none" stroke={ENAMEL.stroke} strokeOpacity={0.5} strokeDasharray="2 2" />
      ) : (
        <path d={crownPath(tooth)} fill={ENAMEL.fill} stroke={ENAMEL.stroke} strokeWidth={0.9} {...(crownPaint ? paintOf(crownPaint, idPrefix) : {})} />
      )}
      {pulp && !root && <ellipse cx={0} cy={CERVICAL - 7} rx={Math.max(2.5, width / 3.2)} ry={4} {...paintOf(pulp, idPrefix)} />}
      {gum && <path d={`M ${-width - 4},${CERVICAL + 1} Q 0,${CERVICAL + 6} ${width + 4},${CERVICAL + 1}`} fill="none" {...linePaint(gum)} strokeWidth={3.2} strokeLinecap="round" />}
      {missing && !absent && (
        <path d={`M ${-width},6 L ${width},${APEX - 8} M ${width},6 L ${-width},${APEX - 8}`} {...linePaint(missing)} strokeWidth={2} fill="none" />
      )}
    </g>
  )
}

/** An implant: a threaded screw where the root was. */
function Implant({ finding, idPrefix }: { finding: ChartFinding; idPrefix: string }) {
  const paint = paintOf(finding, idPrefix)
  const threads = [34, 41, 48, 55, 62]
  return (
    <g>
      <path d={`M -5,${CERVICAL + 1} L 5,${CERVICAL + 1} L 4,${APEX - 6} L 0,${APEX - 1} L -4,${APEX - 6} Z`} {...paint} />
      {threads.map((y) => <path key={y} d={`M -6,${y} L 6,${y - 3}`} stroke={paint.stroke} strokeWidth={1} />)}
    </g>
  )
}
