import { applyPreset, dataFromForm, formFromExam, hygieneRows, previewOhis } from '../../renderer/src/features/exam/exam-form'
import { latestVersions } from '../../renderer/src/features/exam/exam-versions'
import { entryRecordName, type Lookups } from '../../renderer/src/features/activity/activity-values'
import type { Exam } from '../../server/src/services/clinical/exam/exam.shared'
import { icdNeedsTeeth, hasFinalDiagnosis } from '../../domain/clinical/exam'

const exam = (extra: Partial<Exam> = {}): Exam => ({
  _id: 'e1', companyId: 'c', createdAt: '', updatedAt: '', createdBy: null, customerId: 'p1', appointmentId: null, doctorId: 'd1', date: '2026-11-20',
  complaints: { cdbIds: ['cdb1'], text: 'cold hurts' },
  findings: { odbIds: ['o1'], objectiveIds: [], text: '' },
  toothCodes: [{ tooth: 36, code: 'C' }],
  diagnoses: [{ kind: 'final', icdCode: 'K02.1', teeth: [36], note: '' }],
  bite: 'deep', mucosa: { state: 'healthy', note: '' },
  hygiene: { entries: [{ tooth: 17, debris: 1, calculus: 1 }, { tooth: 11, debris: 0, calculus: 0 }], debris: 0.5, calculus: 0.5, total: 1, band: 'good' },
  xrayNote: '', recommendations: 'floss', status: 'draft', version: 1, examGroupId: 'e1', previousVersionId: null, signedAt: null, signedBy: null,
  ...extra
})

describe('the exam form', () => {
  it('maps an exam to the form and back, the OHI-S grid on the six index teeth with stand-ins kept', () => {
    const values = formFromExam(exam(), '2026-11-25')
    expect(values.hygiene.map((row) => [row.index, row.tooth, row.debris])).toEqual([[16, 17, 1], [11, 11, 0], [26, 26, null], [36, 36, null], [31, 31, null], [46, 46, null]])
    expect(previewOhis(values.hygiene)).toMatchObject({ total: 1, band: 'good' })
    expect(dataFromForm({ ...values, complaintText: ' cold hurts ', diagnoses: [...values.diagnoses, { kind: 'preliminary', icdCode: ' ', teeth: [], note: '' }], toothCodes: [...values.toothCodes, { tooth: 11, code: '' }] })).toEqual({
      date: '2026-11-20', appointmentId: null,
      complaints: { cdbIds: ['cdb1'], text: 'cold hurts' },
      findings: { odbIds: ['o1'], objectiveIds: [], text: '' },
      toothCodes: [{ tooth: 36, code: 'C' }],
      diagnoses: [{ kind: 'final', icdCode: 'K02.1', teeth: [36], note: '' }],
      bite: 'deep', mucosa: { state: 'healthy', note: '' },
      hygiene: { entries: [{ tooth: 17, debris: 1, calculus: 1 }, { tooth: 11, debris: 0, calculus: 0 }] },
      xrayNote: '', recommendations: 'floss'
    })
    expect(formFromExam(null, '2026-11-25')).toMatchObject({ date: '2026-11-25', diagnoses: [], hygiene: hygieneRows([]) })
  })

  it('fills from a preset in one click, adding to what is there', () => {
    const values = formFromExam(exam(), '2026-11-25')
    const filled = applyPreset(values, { cdb: ['Pain on biting', 'Night pain'], odb: ['o1', 'o2'], icd: ['K04.0', 'K02.1'], diagnosis: ['Pulpitis?'], diagnosisFinal: ['Acute pulpitis'] }, new Map([['pain on biting', 'cdb2']]))
    expect(filled.cdbIds).toEqual(['cdb1', 'cdb2'])
    expect(filled.complaintText).toBe('cold hurts; Night pain')
    expect(filled.odbIds).toEqual(['o1', 'o2'])
    expect(filled.diagnoses.map((row) => [row.kind, row.icdCode, row.note])).toEqual([
      ['final', 'K02.1', ''],
      ['preliminary', 'K04.0', 'Pulpitis?'],
      ['final', 'K04.0', 'Acute pulpitis']
    ])
  })

  it('lists the latest version of each exam and names exam log entries by their patient', () => {
    const v1 = exam({ status: 'signed' })
    const v2 = exam({ _id: 'e2', version: 2, previousVersionId: 'e1' })
    const other = exam({ _id: 'e3', examGroupId: 'e3' })
    expect(latestVersions([v2, v1, other]).map((row) => row._id)).toEqual(['e2', 'e3'])
    const lookups = { customers: new Map([['p1', 'Ivanov Ivan']]) } as unknown as Lookups
    expect(entryRecordName({ service: 'exam', recordId: null, changes: { action: 'view', customerId: 'p1' } }, lookups)).toBe('Ivanov Ivan')
    expect(entryRecordName({ service: 'exam', recordId: 'e1', changes: { action: 'view' } }, lookups)).toBeNull()
  })

  it('knows which ICD-10 codes need teeth and that signing needs a final diagnosis', () => {
    expect(['K02.1', 'k04.0', 'K00.0', 'K08.1', 'S02.5'].map(icdNeedsTeeth)).toEqual([true, true, true, true, true])
    expect(['K05.1', 'K07.2', 'K12.0', 'K08.8'].map(icdNeedsTeeth)).toEqual([false, false, false, false])
    expect(hasFinalDiagnosis([{ kind: 'preliminary' }])).toBe(false)
    expect(hasFinalDiagnosis([{ kind: 'preliminary' }, { kind: 'final' }])).toBe(true)
  })
})
