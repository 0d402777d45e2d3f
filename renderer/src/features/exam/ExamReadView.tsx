import { useTranslation } from 'react-i18next'
import type { Exam } from '../../../../server/src/services/clinical/exam/exam.shared'
import { conditionLabelKey, isConditionCode } from '../../../../domain/clinical/conditions'
import { formatTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import type { ExamLists } from './useExamLists'

/** A signed exam, or an earlier version: every part as text, nothing to change. */
export function ExamReadView({ exam, lists, numbering }: { exam: Exam; lists: ExamLists; numbering: ToothNumbering }) {
  const { t } = useTranslation()
  const name = (id: string) => lists.labelOf.get(id) ?? t('activity.gone')
  const teeth = (list: number[]) => (list.length > 0 ? list.map((tooth) => formatTooth(tooth, numbering)).join(', ') : t('exam.wholeMouth'))
  const join = (parts: string[]) => parts.filter(Boolean).join('; ') || '—'
  const { hygiene } = exam
  return (
    <dl className="exam-read">
      <dt>{t('exam.visit')}</dt>
      <dd>{exam.appointmentId ? name(exam.appointmentId) : '—'}</dd>
      <dt>{t('exam.complaints')}</dt>
      <dd>{join([...exam.complaints.cdbIds.map(name), exam.complaints.text])}</dd>
      <dt>{t('exam.findings')}</dt>
      <dd>{join([...exam.findings.odbIds.map(name), ...exam.findings.objectiveIds.map(name), exam.findings.text])}</dd>
      <dt>{t('exam.toothCodes')}</dt>
      <dd>{join(exam.toothCodes.map((entry) => `${formatTooth(entry.tooth, numbering)}: ${isConditionCode(entry.code) ? t(conditionLabelKey(entry.code)) : entry.code}`))}</dd>
      <dt>{t('exam.diagnoses')}</dt>
      <dd>
        {exam.diagnoses.length === 0
          ? '—'
          : exam.diagnoses.map((diagnosis, index) => (
              <div key={index}>
                {t(`exam.kinds.${diagnosis.kind}`)}: {diagnosis.icdCode} ({teeth(diagnosis.teeth)}){diagnosis.note ? ` — ${diagnosis.note}` : ''}
              </div>
            ))}
      </dd>
      <dt>{t('exam.bite')}</dt>
      <dd>{exam.bite ? t(`exam.bites.${exam.bite}`) : '—'}</dd>
      <dt>{t('exam.mucosa')}</dt>
      <dd>{join([exam.mucosa.state ? t(`exam.mucosaStates.${exam.mucosa.state}`) : '', exam.mucosa.note])}</dd>
      <dt>{t('exam.hygiene')}</dt>
      <dd>
        {hygiene.total !== null && hygiene.band
          ? t('exam.ohisResult', { total: hygiene.total.toFixed(1), debris: (hygiene.debris ?? 0).toFixed(1), calculus: (hygiene.calculus ?? 0).toFixed(1), band: t(`exam.bands.${hygiene.band}`) })
          : '—'}
      </dd>
      <dt>{t('exam.xrayNote')}</dt>
      <dd>{exam.xrayNote || '—'}</dd>
      <dt>{t('exam.recommendations')}</dt>
      <dd>{exam.recommendations || '—'}</dd>
    </dl>
  )
}
