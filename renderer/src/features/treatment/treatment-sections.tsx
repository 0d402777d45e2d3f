import type { ReactNode } from 'react'
import type { PermissionResource } from '../../../../domain/access/resources'
import { ChartSection } from './ChartSection'
import { ExamSection } from '../exam/ExamSection'
import { TreatmentsDoneSection } from '../treatment-done/TreatmentsDoneSection'
import { PerioSection } from '../perio/PerioSection'

/** What a section of the treatment tab is given: the patient. */
export interface SectionProps {
  customerId: string
  birthdate?: string | null
}

/**
 * The treatment tab's sections, in order. Each lives in its own feature folder and is shown only
 * to those whose role may view its resource (a section not built yet is simply not listed).
 */
export interface TreatmentSection {
  key: string
  /** Translation key of the section's label. */
  label: string
  resource: PermissionResource
  render: (props: SectionProps) => ReactNode
}

export const treatmentSections: readonly TreatmentSection[] = [
  { key: 'chart', label: 'treatment.sections.chart', resource: 'tooth', render: (props) => <ChartSection {...props} /> },
  { key: 'exams', label: 'treatment.sections.exams', resource: 'exam', render: (props) => <ExamSection customerId={props.customerId} /> },
  { key: 'perio', label: 'treatment.sections.perio', resource: 'exam', render: (props) => <PerioSection customerId={props.customerId} /> },
  { key: 'done', label: 'treatment.sections.done', resource: 'treatment', render: (props) => <TreatmentsDoneSection customerId={props.customerId} /> }
]
