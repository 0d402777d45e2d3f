import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useSession } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import { titleIn } from '../../../../domain/clinical/codes/titles'
import { entryTitle } from '../clinical-dictionaries/entry-title'

export interface Option {
  value: string
  label: string
}
export interface ExamLists {
  complaints: Option[]
  complaintIdByText: ReadonlyMap<string, string>
  findings: Array<{ label: string; title: string; options: Option[] }>
  objective: Option[]
  visits: Option[]
  presets: Array<{ _id: string; name: string; cdb: string[]; odb: string[]; icd: string[]; diagnosis: string[]; diagnosisFinal: string[] }>
  labelOf: Map<string, string>
}

/**
 * What the exam editor picks from: complaints (`cdb`), objective findings by part (`odb`), per-tooth
 * findings (`diagnose-objectively`), the patient's visits, and the presets of the doctor's
 * specialty (and those for every specialty). Hidden dictionary entries are not offered.
 */
export function useExamLists(customerId: string): ExamLists {
  const { i18n } = useTranslation()
  const format = useFormat()
  const me = useSession()?.user._id
  const language = i18n.language
  const cdb = useFind('cdb', { $limit: 500 }, useCan('cdb', 'view')).data?.data
  const odb = useFind('odb', { $limit: 500 }, useCan('odb', 'view')).data?.data
  const objective = useFind('diagnose-objectively', { $limit: 500 }, useCan('diagnose-objectively', 'view')).data?.data
  const visits = useFind('appointment', { customerId, $sort: { start: -1 }, $limit: 100 }, useCan('appointment', 'view')).data?.data
  const presets = useFind('presets', { $limit: 500 }, useCan('presets', 'view')).data?.data
  const team = useFind('my-team', { $limit: 500 }, useCan('my-team', 'view')).data?.data
  return useMemo(() => {
    const labelOf = new Map<string, string>()
    const complaints = (cdb ?? []).map((entry) => ({ value: entry._id, label: titleIn(entry.titles, language) }))
    const complaintIdByText = new Map<string, string>()
    for (const entry of cdb ?? []) {
      for (const text of Object.values(entry.titles ?? {})) if (text) complaintIdByText.set(String(text).trim().toLowerCase(), entry._id)
    }
    const odbEntries = odb ?? []
    for (const entry of odbEntries) labelOf.set(entry._id, entryTitle(entry, language))
    const findings = odbEntries
      .filter((entry) => entry.parentId === null)
      .map((part) => ({
        label: entryTitle(part, language),
        title: entryTitle(part, language),
        options: odbEntries.filter((entry) => entry.parentId === part._id && !entry.hidden).map((entry) => ({ value: entry._id, label: entryTitle(entry, language) }))
      }))
      .filter((group) => group.options.length > 0)
    const objectiveOptions = (objective ?? []).filter((entry) => !entry.hidden).map((entry) => ({ value: entry._id, label: entryTitle(entry, language) }))
    for (const entry of objective ?? []) labelOf.set(entry._id, entryTitle(entry, language))
    for (const option of complaints) labelOf.set(option.value, option.label)
    const visitOptions = (visits ?? []).map((visit) => ({ value: visit._id, label: format.dateTime(visit.start) }))
    for (const option of visitOptions) labelOf.set(option.value, option.label)
    const specialtyId = team?.find((member) => member._id === me)?.specialtyId ?? null
    const ofSpecialty = (presets ?? []).filter((preset) => preset.specialtyId === null || preset.specialtyId === specialtyId)
    return { complaints, complaintIdByText, findings, objective: objectiveOptions, visits: visitOptions, presets: ofSpecialty, labelOf }
  }, [cdb, odb, objective, visits, presets, team, me, language, format])
}
