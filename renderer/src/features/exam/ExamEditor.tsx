import { Button, DatePicker, Form, Input, Select, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import dayjs from 'dayjs'
import { biteTypes, diagnosisKinds, mucosaStates } from '../../../../domain/clinical/exam'
import { conditionCodes, conditionLabelKey } from '../../../../domain/clinical/conditions'
import { allTeeth, formatTooth, type ToothNumbering } from '../../../../domain/clinical/teeth'
import { ohisIndexTeeth, OHIS_SCORE_MAX } from '../../../../domain/clinical/hygiene'
import { previewOhis, type DiagnosisRow, type ExamFormValues, type HygieneRow, type ToothCodeRow } from './exam-form'
import type { ExamLists } from './useExamLists'
import { IcdSelect } from './IcdSelect'
import { datePickerFormat } from '../customers/customer-form'
import { TemplateTextArea } from '../../components/TemplateTextArea'

const scores = Array.from({ length: OHIS_SCORE_MAX + 1 }, (_, score) => ({ value: score, label: String(score) }))

/** The exam's form: every part of a draft, controlled by the drawer's state. */
export function ExamEditor({ values, onChange, lists, numbering, problem }: { values: ExamFormValues; onChange: (next: ExamFormValues) => void; lists: ExamLists; numbering: ToothNumbering; problem?: string }) {
  const { t, i18n } = useTranslation()
  /** The server's error path marks its control (the toast says what is wrong). */
  const status = (path: string) => (problem !== undefined && (problem === path || problem.startsWith(`${path}.`)) ? ('error' as const) : undefined)
  const set = <K extends keyof ExamFormValues>(key: K, value: ExamFormValues[K]) => onChange({ ...values, [key]: value })
  const toothOptions = allTeeth.map((tooth) => ({ value: tooth, label: formatTooth(tooth, numbering) }))
  const codeOptions = conditionCodes.map((code) => ({ value: code, label: `${code} · ${t(conditionLabelKey(code))}` }))
  const setDiagnosis = (index: number, change: Partial<DiagnosisRow>) => set('diagnoses', values.diagnoses.map((row, at) => (at === index ? { ...row, ...change } : row)))
  const setCode = (index: number, change: Partial<ToothCodeRow>) => set('toothCodes', values.toothCodes.map((row, at) => (at === index ? { ...row, ...change } : row)))
  const setHygiene = (index: number, change: Partial<HygieneRow>) => set('hygiene', values.hygiene.map((row, at) => (at === index ? { ...row, ...change } : row)))
  const ohis = previewOhis(values.hygiene)

  return (
    <Form layout="vertical" className="exam-editor" component="div">
      <div className="exam-code-line" style={{ gridTemplateColumns: '1fr 1fr' }}>
        <Form.Item label={t('exam.date')}>
          <DatePicker
            aria-label={t('exam.date')}
            allowClear={false}
            value={dayjs(values.date)}
            format={datePickerFormat(i18n.language)}
            onChange={(day) => day && set('date', day.format('YYYY-MM-DD'))}
            style={{ width: '100%' }}
          />
        </Form.Item>
        <Form.Item label={t('exam.visit')}>
          <Select status={status('appointmentId')} aria-label={t('exam.visit')} allowClear value={values.appointmentId ?? undefined} onChange={(id?: string) => set('appointmentId', id ?? null)} options={lists.visits} placeholder={t('exam.noVisit')} />
        </Form.Item>
      </div>

      <Typography.Title level={5}>{t('exam.complaints')}</Typography.Title>
      <Form.Item label={t('exam.complaintList')}>
        <Select aria-label={t('exam.complaintList')} mode="multiple" optionFilterProp="label" value={values.cdbIds} onChange={(ids: string[]) => set('cdbIds', ids)} options={lists.complaints} />
      </Form.Item>
      <Form.Item label={t('exam.complaintText')}>
        <TemplateTextArea templatePlace="exam" aria-label={t('exam.complaintText')} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={4000} value={values.complaintText} onChange={(event) => set('complaintText', event.target.value)} />
      </Form.Item>

      <Typography.Title level={5}>{t('exam.findings')}</Typography.Title>
      <Form.Item label={t('exam.odb')}>
        <Select aria-label={t('exam.odb')} mode="multiple" optionFilterProp="label" value={values.odbIds} onChange={(ids: string[]) => set('odbIds', ids)} options={lists.findings} />
      </Form.Item>
      <Form.Item label={t('exam.objective')}>
        <Select aria-label={t('exam.objective')} mode="multiple" optionFilterProp="label" value={values.objectiveIds} onChange={(ids: string[]) => set('objectiveIds', ids)} options={lists.objective} />
      </Form.Item>
      <Form.Item label={t('exam.findingsText')}>
        <TemplateTextArea templatePlace="exam" aria-label={t('exam.findingsText')} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={4000} value={values.findingsText} onChange={(event) => set('findingsText', event.target.value)} />
      </Form.Item>

      <Typography.Title level={5}>{t('exam.toothCodes')}</Typography.Title>
      <div className="exam-rows">
        {values.toothCodes.map((row, index) => (
          <div className="exam-code-line" key={index}>
            <Select status={status(`toothCodes.${index}.tooth`)} aria-label={t('exam.tooth')} showSearch optionFilterProp="label" placeholder={t('exam.tooth')} value={row.tooth ?? undefined} onChange={(tooth: number) => setCode(index, { tooth })} options={toothOptions} />
            <Select status={status(`toothCodes.${index}.code`)} aria-label={t('exam.code')} value={row.code || undefined} placeholder={t('exam.code')} onChange={(code: string) => setCode(index, { code })} options={codeOptions} />
            <Button aria-label={t('common.delete')} onClick={() => set('toothCodes', values.toothCodes.filter((_, at) => at !== index))}>×</Button>
          </div>
        ))}
        <Button type="dashed" onClick={() => set('toothCodes', [...values.toothCodes, { tooth: null, code: '' }])}>{t('exam.addToothCode')}</Button>
      </div>

      <Typography.Title level={5}>{t('exam.diagnoses')}</Typography.Title>
      <div className="exam-rows">
        {values.diagnoses.map((row, index) => (
          <div className="exam-row-line" key={index}>
            <Select aria-label={t('exam.diagnosisKind')} value={row.kind} onChange={(kind: DiagnosisRow['kind']) => setDiagnosis(index, { kind })} options={diagnosisKinds.map((kind) => ({ value: kind, label: t(`exam.kinds.${kind}`) }))} />
            <IcdSelect status={status(`diagnoses.${index}.icdCode`)} ariaLabel={t('exam.icd')} value={row.icdCode} onChange={(icdCode) => setDiagnosis(index, { icdCode })} />
            <Select
              aria-label={t('exam.teeth')}
              status={status(`diagnoses.${index}.teeth`)}
              mode="multiple"
              showSearch
              optionFilterProp="label"
              placeholder={t('exam.wholeMouth')}
              value={row.teeth}
              onChange={(teeth: number[]) => setDiagnosis(index, { teeth })}
              options={toothOptions}
            />
            <Button aria-label={t('common.delete')} onClick={() => set('diagnoses', values.diagnoses.filter((_, at) => at !== index))}>×</Button>
            <Input className="exam-diagnosis-note" aria-label={t('exam.diagnosisNote')} placeholder={t('exam.diagnosisNote')} maxLength={1000} value={row.note} onChange={(event) => setDiagnosis(index, { note: event.target.value })} />
          </div>
        ))}
        <Button type="dashed" onClick={() => set('diagnoses', [...values.diagnoses, { kind: values.diagnoses.some((row) => row.kind === 'preliminary') ? 'final' : 'preliminary', icdCode: '', teeth: [], note: '' }])}>
          {t('exam.addDiagnosis')}
        </Button>
      </div>

      <div className="exam-code-line" style={{ gridTemplateColumns: '1fr 1fr', marginTop: 16 }}>
        <Form.Item label={t('exam.bite')}>
          <Select aria-label={t('exam.bite')} allowClear value={values.bite ?? undefined} onChange={(bite?: ExamFormValues['bite']) => set('bite', bite ?? null)} options={biteTypes.map((bite) => ({ value: bite, label: t(`exam.bites.${bite}`) }))} />
        </Form.Item>
        <Form.Item label={t('exam.mucosa')}>
          <Select aria-label={t('exam.mucosa')} allowClear value={values.mucosaState ?? undefined} onChange={(state?: ExamFormValues['mucosaState']) => set('mucosaState', state ?? null)} options={mucosaStates.map((state) => ({ value: state, label: t(`exam.mucosaStates.${state}`) }))} />
        </Form.Item>
      </div>
      <Form.Item label={t('exam.mucosaNote')}>
        <Input aria-label={t('exam.mucosaNote')} maxLength={1000} value={values.mucosaNote} onChange={(event) => set('mucosaNote', event.target.value)} />
      </Form.Item>

      <Typography.Title level={5}>{t('exam.hygiene')}</Typography.Title>
      <table className="exam-ohis">
        <thead>
          <tr>
            <th>{t('exam.tooth')}</th>
            <th>{t('exam.debris')}</th>
            <th>{t('exam.calculus')}</th>
          </tr>
        </thead>
        <tbody>
          {values.hygiene.map((row, index) => {
            const group = ohisIndexTeeth[index]
            return (
              <tr key={row.index}>
                <td>
                  <Select
                    size="small"
                    aria-label={t('exam.indexTooth', { tooth: formatTooth(row.index, numbering) })}
                    value={row.tooth}
                    onChange={(tooth: number) => setHygiene(index, { tooth })}
                    options={[group.tooth, ...group.substitutes].map((tooth) => ({ value: tooth, label: formatTooth(tooth, numbering) }))}
                    style={{ width: 80 }}
                  />
                </td>
                {(['debris', 'calculus'] as const).map((field) => (
                  <td key={field}>
                    <Select
                      size="small"
                      allowClear
                      aria-label={`${t(`exam.${field}`)} ${formatTooth(row.tooth, numbering)}`}
                      value={row[field] ?? undefined}
                      onChange={(score?: number) => setHygiene(index, { [field]: score ?? null })}
                      options={scores}
                      style={{ width: 70 }}
                    />
                  </td>
                ))}
              </tr>
            )
          })}
        </tbody>
      </table>
      <p className="exam-ohis-result" aria-live="polite">
        {ohis
          ? t('exam.ohisResult', { total: ohis.total.toFixed(1), debris: ohis.debris.toFixed(1), calculus: ohis.calculus.toFixed(1), band: t(`exam.bands.${ohis.band}`) })
          : <Typography.Text type="secondary">{t('exam.ohisNeedsTwo')}</Typography.Text>}
      </p>

      <Form.Item label={t('exam.xrayNote')}>
        <TemplateTextArea templatePlace="exam" aria-label={t('exam.xrayNote')} autoSize={{ minRows: 1, maxRows: 4 }} maxLength={4000} value={values.xrayNote} onChange={(event) => set('xrayNote', event.target.value)} />
      </Form.Item>
      <Form.Item label={t('exam.recommendations')}>
        <TemplateTextArea templatePlace="exam" aria-label={t('exam.recommendations')} autoSize={{ minRows: 2, maxRows: 6 }} maxLength={4000} value={values.recommendations} onChange={(event) => set('recommendations', event.target.value)} />
      </Form.Item>
    </Form>
  )
}
