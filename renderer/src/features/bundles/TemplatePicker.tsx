import { useState } from 'react'
import { Select, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { bundleToPhases, diagnosisMatches, rankTemplates, templateToPhases, type PlanPhaseDraft } from './plan-drafts'

export interface TemplatePickerProps {
  /** The plan's specialty: its templates come before others (after those for the diagnoses). */
  specialtyId?: string | null
  /** The patient's diagnoses (ICD-10 codes): templates for them come first, marked. */
  diagnosisCodes?: readonly string[]
  /** Teeth every line gets (applying from a tooth on the chart). */
  teeth?: readonly number[]
  /** The phases of the chosen template or bundle, for the plan editor to append. */
  onPick: (phases: PlanPhaseDraft[]) => void
  disabled?: boolean
}

/**
 * One select listing active treatment templates (for people who may view presets) and bundles;
 * picking one hands its phase drafts to `onPick` and clears itself. Archived services are left
 * out of the drafts. The plan editor shows it with the clinical texts loaded (it is in that area).
 */
export function TemplatePicker({ specialtyId, diagnosisCodes = [], teeth, onPick, disabled }: TemplatePickerProps) {
  const { t, i18n } = useTranslation()
  const [open, setOpen] = useState(false)
  const canSeeTemplates = useCan('presets', 'view')
  const canSeeServices = useCan('service', 'view')
  const canSeeBundles = useCan('bundle', 'view')
  const templates = useFind('treatment-templates', { archived: false, $limit: 500 }, canSeeTemplates).data?.data ?? []
  const bundles = useFind('bundle', { $limit: 500 }, canSeeBundles).data?.data ?? []
  const services = useFind('service', { archived: false, $limit: 500 }, canSeeServices).data?.data
  const options = { usable: services, teeth }
  const ranked = rankTemplates(templates, { specialtyId, diagnosisCodes, locale: i18n.language })

  function pick(value: string) {
    const [kind, id] = value.split(':')
    const phases =
      kind === 'template'
        ? templateToPhases(templates.find((template) => template._id === id)!, bundles, options)
        : bundleToPhases(bundles.find((bundle) => bundle._id === id)!, options)
    setOpen(false)
    onPick(phases)
  }

  return (
    <Select
      value={null}
      open={open}
      onOpenChange={setOpen}
      disabled={disabled}
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 260, maxWidth: '100%' }}
      placeholder={t('bundles.pickerPlaceholder')}
      aria-label={t('bundles.pickerPlaceholder')}
      onChange={pick}
      data-testid="template-picker"
      options={[
        ...(ranked.length > 0
          ? [
              {
                label: t('bundles.pickerTemplates'),
                title: t('bundles.pickerTemplates'),
                options: ranked.map((template) => ({
                  value: `template:${template._id}`,
                  label: template.name,
                  matches: diagnosisMatches(template, diagnosisCodes) > 0
                }))
              }
            ]
          : []),
        {
          label: t('bundles.pickerBundles'),
          title: t('bundles.pickerBundles'),
          options: bundles.filter((bundle) => !bundle.archived).map((bundle) => ({ value: `bundle:${bundle._id}`, label: bundle.name, matches: false }))
        }
      ]}
      optionRender={(option) => (
        <span>
          {option.label}
          {(option.data as { matches?: boolean }).matches && (
            <Tag color="green" style={{ marginInlineStart: 8 }}>
              {t('bundles.forDiagnosis')}
            </Tag>
          )}
        </span>
      )}
    />
  )
}
