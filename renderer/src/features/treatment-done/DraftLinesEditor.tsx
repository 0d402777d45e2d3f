import { Button, Input, InputNumber, Select } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { draftOfPlanItem, emptyDraft, serviceOptionLabel, type DraftLine, type DraftProblem, type OpenPlanItem } from './treatment-lines'
import { consentNeededFor } from '../../../../domain/documents/consent'
import type { ToothNumbering } from '../../../../domain/clinical/teeth'

interface Props {
  drafts: DraftLine[]
  onChange: (drafts: DraftLine[]) => void
  catalogue: ReadonlyArray<{ _id: string; name: string; code?: string | null; price: number; requiresConsent?: boolean }>
  /** The company's settings: a service that needs a signed consent says so in the picker. */
  settings?: Record<string, unknown>
  currency: string
  problem: DraftProblem | null
  /** The line's inputs get focus first (the dialog opens typing into the first line's teeth). */
  autoFocus?: boolean
  /** Open items of the patient's accepted plans: a line may complete one (issue 15). */
  planItems?: readonly OpenPlanItem[]
  numbering?: ToothNumbering
}

/**
 * The lines of a visit being written: service, teeth with surfaces typed as "36MO 37O", quantity
 * and price (major units on screen, minor units in the draft). Tab walks the row; Enter submits
 * the surrounding form.
 */
export function DraftLinesEditor({ drafts, onChange, catalogue, settings, currency, problem, autoFocus, planItems = [], numbering = 'FDI' }: Props) {
  const { t } = useTranslation()
  const update = (key: string, patch: Partial<DraftLine>) => onChange(drafts.map((draft) => (draft.key === key ? { ...draft, ...patch } : draft)))
  const options = catalogue.map((item) => ({ value: item._id, label: serviceOptionLabel(item, consentNeededFor(item, settings), (key) => t(key)) }))
  return (
    <div className="treatment-draft-lines" data-testid="treatment-draft-lines">
      {drafts.map((draft, index) => (
        <div className={`treatment-draft-line${planItems.length ? ' with-plan' : ''}`} key={draft.key}>
          {planItems.length > 0 && (
            <Select
              allowClear
              className="treatment-draft-plan"
              value={draft.planItemId ?? undefined}
              placeholder={t('treatmentDone.planItem')}
              aria-label={`${t('treatmentDone.planItem')} ${index + 1}`}
              data-testid={`treatment-draft-plan-${index + 1}`}
              options={planItems
                .filter((item) => item._id === draft.planItemId || !drafts.some((other) => other.planItemId === item._id))
                .map((item) => ({ value: item._id, label: `${item.serviceName}${item.teeth.length ? ` · ${item.teeth.map((entry) => entry.tooth).join(', ')}` : ''}` }))}
              onChange={(planItemId: string | undefined) => {
                const item = planItems.find((entry) => entry._id === planItemId)
                onChange(drafts.map((entry) => (entry.key !== draft.key ? entry : item ? draftOfPlanItem(item, numbering, (key) => t(key), draft.key) : { ...entry, planItemId: null })))
              }}
            />
          )}
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            className="treatment-draft-service"
            value={draft.serviceId ?? undefined}
            placeholder={t('treatmentDone.service')}
            options={options}
            status={problem?.key === draft.key && problem.field === 'serviceId' ? 'error' : undefined}
            aria-label={`${t('treatmentDone.service')} ${index + 1}`}
            onChange={(serviceId: string) => update(draft.key, { serviceId, price: catalogue.find((item) => item._id === serviceId)?.price ?? draft.price })}
          />
          <Input
            className="treatment-draft-teeth"
            value={draft.teethText}
            autoFocus={autoFocus && index === 0}
            placeholder={t('treatmentDone.teethPlaceholder')}
            status={problem?.key === draft.key && problem.field === 'teethText' ? 'error' : undefined}
            aria-label={`${t('treatmentDone.teeth')} ${index + 1}`}
            onChange={(event) => update(draft.key, { teethText: event.target.value })}
          />
          <InputNumber
            className="treatment-draft-quantity"
            min={1}
            max={100}
            precision={0}
            value={draft.quantity}
            aria-label={`${t('treatmentDone.quantity')} ${index + 1}`}
            onChange={(value) => update(draft.key, { quantity: value ?? 1 })}
          />
          <InputNumber
            className="treatment-draft-price"
            min={0}
            precision={2}
            value={draft.price / 100}
            suffix={currency}
            aria-label={`${t('treatmentDone.price')} ${index + 1}`}
            // Rounding avoids 19.99 * 100 = 1998.9999…
            onChange={(value) => update(draft.key, { price: Math.round((value ?? 0) * 100) })}
          />
          <Button
            type="text"
            icon={<DeleteOutlined />}
            aria-label={`${t('treatmentDone.removeLine')} ${index + 1}`}
            onClick={() => onChange(drafts.length > 1 ? drafts.filter((item) => item.key !== draft.key) : [emptyDraft()])}
          />
        </div>
      ))}
      <Button icon={<PlusOutlined />} onClick={() => onChange([...drafts, emptyDraft()])}>
        {t('treatmentDone.addLine')}
      </Button>
    </div>
  )
}
