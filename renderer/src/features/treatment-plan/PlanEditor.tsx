import { lazy, Suspense, useMemo, useState } from 'react'
import { Alert, Button, Card, Empty, Grid, Input, Modal, Popconfirm, Radio, Space, Table, Tag, Typography } from 'antd'
import { ArrowDownOutlined, ArrowUpOutlined, CalendarOutlined, CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { allowedActions, editable, itemAmount, phaseDuration, planTotals, type PlanAction } from '../../../../domain/clinical/treatment-plans'
import type { ToothNumbering } from '../../../../domain/clinical/teeth'
import type { PlanItem, TreatmentPlan, TreatmentPlanPatch } from '../../../../server/src/services/clinical/treatment-plan/treatment-plan.shared'
import { client } from '../../api/client'
import { refreshService, useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { BookingDrawer } from '../appointments/BookingDrawer'
import type { BookingPrefill } from '../appointments/booking-form'
import { teethText } from '../treatment-done/treatment-lines'
import { ItemModal } from './ItemModal'
import { PlanStatusTag } from './PlanStatusTag'
import { RecallButton } from '../tasks/RecallButton'
import { AdvanceInvoiceButton } from './AdvanceInvoice'
import { PrintButton } from '../documents/PrintButton'
import { TemplatePicker } from '../bundles/TemplatePicker'
import { appendPhaseDrafts, countedIds, groupsOf, movePhase, phasesInput, type ItemInput, type PhaseDraft, type PhaseInput } from './plan-drafts'

// The files' screen loads with an open plan, not with the tab.
const MediaAttachments = lazy(() => import('../media/MediaAttachments').then((module) => ({ default: module.MediaAttachments })))

/**
 * The ICD-10 codes of the patient's exams (preliminary and final), for the template picker to
 * offer the templates for those diagnoses first. Only for people who may read exams.
 */
function usePatientDiagnoses(customerId: string): string[] {
  const canReadExams = useCan('exam', 'view')
  const exams = useFind('exam', { customerId, $limit: 100 }, canReadExams)
  return useMemo(() => [...new Set((exams.data?.data ?? []).flatMap((exam) => exam.diagnoses.map((diagnosis) => diagnosis.icdCode)))], [exams.data])
}

interface Props {
  plan: TreatmentPlan
  /** The patient's discount, percent. */
  patientDiscount: number
  numbering: ToothNumbering
  currency: string
  names: ReadonlyMap<string, string>
  onCopied: (plan: TreatmentPlan) => void
  onRemoved: () => void
}

type Editing = { phase: number; index: number | null } | null

/** Saves a patch of the plan and refreshes what shows it; a refusal is a toast. */
export async function patchPlan(planId: string, patch: TreatmentPlanPatch): Promise<TreatmentPlan | null> {
  try {
    const saved = await client.service('treatment-plan').patch(planId, patch)
    await refreshService('treatment-plan')
    return saved
  } catch (error) {
    toastError(error)
    return null
  }
}

/**
 * Appends phases from drafts (a bundle as a phase, a treatment template) to a plan that may
 * still be edited. The lead wires bundles and templates here.
 */
export async function appendPhasesToPlan(plan: TreatmentPlan, drafts: readonly PhaseDraft[]): Promise<TreatmentPlan | null> {
  return patchPlan(plan._id, { phases: appendPhaseDrafts(phasesInput(plan.phases), drafts) })
}

/**
 * A plan opened: its state and actions (present, accept choosing alternatives, reject, back to
 * draft, re-price, copy, delete), the outdated-prices banner, and its phases in order, each
 * with its items, totals and "Book". Contents change while the plan is a draft or presented.
 */
export function PlanEditor({ plan, patientDiscount, numbering, currency, names, onCopied, onRemoved }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const canEdit = useCan('treatment-plan', 'edit')
  const canCreate = useCan('treatment-plan', 'create')
  const canDelete = useCan('treatment-plan', 'delete')
  const canBook = useCan('appointment', 'create')
  const [editing, setEditing] = useState<Editing>(null)
  const [accepting, setAccepting] = useState(false)
  const [booking, setBooking] = useState<BookingPrefill | null>(null)
  const [busy, setBusy] = useState(false)
  // Below `md` the items are a list (a table does not fit a phone's width).
  const phone = !Grid.useBreakpoint().md
  const translate = (key: string) => t(key)
  const open = canEdit && editable(plan.status)
  const actions = canEdit ? allowedActions(plan.status) : []
  const totals = useMemo(() => planTotals(plan.phases, patientDiscount), [plan.phases, patientDiscount])
  const diagnosisCodes = usePatientDiagnoses(plan.customerId)
  const counted = useMemo(() => countedIds(plan), [plan])
  const groups = useMemo(() => groupsOf(plan), [plan])
  const phases = phasesInput(plan.phases)
  const hasDone = plan.phases.some((phase) => phase.items.some((item) => item.status === 'done'))

  async function run(work: () => Promise<unknown>) {
    setBusy(true)
    try {
      await work()
    } finally {
      setBusy(false)
    }
  }
  const savePhases = (next: PhaseInput[]) => run(() => patchPlan(plan._id, { phases: next }))
  const act = (action: PlanAction, choices?: Record<string, string>) =>
    run(async () => {
      const saved = await patchPlan(plan._id, { action, ...(choices ? { choices } : {}) })
      if (saved) toast.success(t(`treatmentPlan.done.${action}`))
    })

  async function copy() {
    try {
      const created = await client.service('treatment-plan').create({ customerId: plan.customerId, copyOf: plan._id })
      await refreshService('treatment-plan')
      toast.success(t('treatmentPlan.copied'))
      onCopied(created)
    } catch (error) {
      toastError(error)
    }
  }

  async function remove() {
    try {
      await client.service('treatment-plan').remove(plan._id)
      await refreshService('treatment-plan')
      onRemoved()
    } catch (error) {
      toastError(error)
    }
  }

  function saveItem(item: ItemInput) {
    if (!editing) return
    const next = phases.map((phase, index) => {
      if (index !== editing.phase) return phase
      const items = editing.index === null ? [...phase.items, item] : phase.items.map((entry, at) => (at === editing.index ? item : entry))
      return { ...phase, items }
    })
    return savePhases(next)
  }

  function book(phaseIndex: number) {
    const phase = plan.phases[phaseIndex]
    const planned = phase.items.filter((item) => item.status === 'planned')
    setBooking({
      customerId: plan.customerId,
      staffId: planned.find((item) => item.doctorId)?.doctorId ?? plan.doctorId,
      duration: phaseDuration(planned),
      serviceIds: [...new Set(planned.map((item) => item.serviceId))],
      planPhase: { planId: plan._id, phaseId: phase._id }
    })
  }

  const teethCell = (item: PlanItem) => (item.teeth.length ? teethText(item.teeth, numbering, translate) : <Typography.Text type="secondary">{t('treatmentPlan.wholeMouth')}</Typography.Text>)
  const serviceCell = (item: PlanItem) => (
    <Space size={4} wrap>
      <span className={item.status === 'rejected' ? 'plan-item-rejected' : undefined}>{item.serviceName}</span>
      {item.urgency !== 'planned' && <Tag color={item.urgency === 'urgent' ? 'red' : 'default'}>{t(`treatmentPlan.urgencies.${item.urgency}`)}</Tag>}
      {item.alternativeGroup && <Tag color="purple">{t('treatmentPlan.alternativeTag', { group: item.alternativeGroup, option: item.alternative ?? '' })}</Tag>}
      {item.status !== 'planned' && <Tag color={item.status === 'done' ? 'green' : 'default'}>{t(`treatmentPlan.itemStatus.${item.status}`)}</Tag>}
    </Space>
  )
  const amountCell = (item: PlanItem) => (
    <span className={counted.has(item._id) ? undefined : 'plan-item-uncounted'}>
      {item.quantity > 1 && `${item.quantity} × `}{format.money(itemAmount(item), currency)}
      {item.discount > 0 && <Typography.Text type="secondary"> −{item.discount}%</Typography.Text>}
    </span>
  )
  const actionsCell = (item: PlanItem, phaseIndex: number, index: number) => item.status === 'done' ? null : (
    <Space size={0}>
      <Button type="text" size="small" icon={<EditOutlined />} aria-label={`${t('common.edit')} ${item.serviceName}`} onClick={() => setEditing({ phase: phaseIndex, index })} />
      <Button type="text" size="small" danger icon={<DeleteOutlined />} aria-label={`${t('common.delete')} ${item.serviceName}`}
        onClick={() => void savePhases(phases.map((phase, at) => (at === phaseIndex ? { ...phase, items: phase.items.filter((_entry, itemAt) => itemAt !== index) } : phase)))} />
    </Space>
  )
  const itemList = (phaseIndex: number, items: readonly PlanItem[]) => (
    <ul className="plan-item-list">
      {items.length === 0 && <li className="plan-item-empty">{t('treatmentPlan.noItems')}</li>}
      {items.map((item, index) => (
        <li key={item._id}>
          <div className="plan-item-main"><strong className="plan-item-teeth">{teethCell(item)}</strong> {serviceCell(item)}</div>
          <div className="plan-item-foot">{amountCell(item)}{open && actionsCell(item, phaseIndex, index)}</div>
        </li>
      ))}
    </ul>
  )

  const itemColumns = (phaseIndex: number) => [
    { key: 'teeth', title: t('treatmentPlan.teeth'), width: 72, render: (_: unknown, item: PlanItem) => teethCell(item) },
    { key: 'service', title: t('treatmentPlan.service'), render: (_: unknown, item: PlanItem) => serviceCell(item) },
    { key: 'doctor', title: t('treatmentPlan.doctor'), responsive: ['xl' as const], render: (_: unknown, item: PlanItem) => names.get(item.doctorId ?? plan.doctorId) ?? '' },
    { key: 'amount', title: t('treatmentPlan.amount'), width: 150, align: 'right' as const, render: (_: unknown, item: PlanItem) => amountCell(item) },
    ...(open ? [{ key: 'actions', title: '', width: 64, render: (_: unknown, item: PlanItem, index: number) => actionsCell(item, phaseIndex, index) }] : [])
  ]

  return (
    <div className="plan-editor" data-testid="plan-editor">
      <Card size="small" className="plan-head">
        <div className="plan-head-row">
          <Space direction="vertical" size={2} className="plan-head-main">
            {open ? (
              <Input
                key={`${plan._id}-${plan.title}`}
                defaultValue={plan.title}
                placeholder={t('treatmentPlan.untitled')}
                aria-label={t('treatmentPlan.planTitle')}
                maxLength={200}
                variant="borderless"
                className="plan-title-input"
                onBlur={(event) => { if (event.target.value.trim() !== plan.title) void run(() => patchPlan(plan._id, { title: event.target.value })) }}
              />
            ) : (
              <Typography.Title level={5} className="plan-title">{plan.title || t('treatmentPlan.untitled')}</Typography.Title>
            )}
            <Space size={8} wrap>
              <PlanStatusTag status={plan.status} />
              <Typography.Text type="secondary">{t('treatmentPlan.consultation', { date: format.date(plan.consultationDate) })}</Typography.Text>
              <Typography.Text type="secondary">{names.get(plan.doctorId) ?? ''}</Typography.Text>
            </Space>
          </Space>
          <Space wrap className="plan-actions">
            {actions.includes('present') && <Button type="primary" disabled={busy} onClick={() => void act('present')} data-testid="plan-present">{t('treatmentPlan.actions.present')}</Button>}
            {actions.includes('accept') && <Button type="primary" disabled={busy} onClick={() => (groups.length ? setAccepting(true) : void act('accept'))} data-testid="plan-accept">{t('treatmentPlan.actions.accept')}</Button>}
            {actions.includes('revise') && <Button disabled={busy} onClick={() => void act('revise')}>{t('treatmentPlan.actions.revise')}</Button>}
            {actions.includes('reject') && (
              <Popconfirm title={t('treatmentPlan.rejectConfirm')} onConfirm={() => void act('reject')} okText={t('treatmentPlan.actions.reject')} cancelText={t('common.cancel')}>
                <Button danger disabled={busy}>{t('treatmentPlan.actions.reject')}</Button>
              </Popconfirm>
            )}
            <AdvanceInvoiceButton plan={plan} numbering={numbering} currency={currency} />
            <PrintButton choices={[{ key: 'treatment-plan', label: 'printPlan', data: { kind: 'treatment-plan', sourceId: plan._id } }]} />
            <RecallButton customerId={plan.customerId} treatmentPlanId={plan._id} testId="plan-recall" />
            {canCreate && <Button icon={<CopyOutlined />} onClick={() => void copy()} data-testid="plan-copy">{t('treatmentPlan.actions.copy')}</Button>}
            {canDelete && !hasDone && (
              <Popconfirm title={t('treatmentPlan.removeConfirm')} onConfirm={() => void remove()} okText={t('common.delete')} cancelText={t('common.cancel')}>
                <Button danger type="text" icon={<DeleteOutlined />} aria-label={t('common.delete')} />
              </Popconfirm>
            )}
          </Space>
        </div>
        {plan.pricesOutdated && (
          <Alert
            className="plan-outdated"
            type="warning"
            showIcon
            message={t('treatmentPlan.outdated', { date: format.date(plan.priceValidUntil) })}
            action={actions.includes('reprice') && <Button size="small" onClick={() => void act('reprice')} data-testid="plan-reprice">{t('treatmentPlan.actions.reprice')}</Button>}
          />
        )}
      </Card>

      {plan.phases.length === 0 && <Empty description={t('treatmentPlan.noPhases')} />}
      {plan.phases.map((phase, phaseIndex) => {
        const phaseTotal = totals.phases[phaseIndex]
        const bookable = canBook && canEdit && (plan.status === 'accepted' || plan.status === 'partially-done') && !phase.appointmentId && phase.items.some((item) => item.status === 'planned')
        return (
          <Card
            key={phase._id}
            size="small"
            className="plan-phase"
            data-testid={`plan-phase-${phaseIndex + 1}`}
            title={
              <Space size={6} wrap>
                <span>{t('treatmentPlan.phase', { number: phaseIndex + 1 })}</span>
                {open ? (
                  <Input
                    key={`${phase._id}-${phase.title}`}
                    size="small"
                    defaultValue={phase.title}
                    placeholder={t('treatmentPlan.phaseTitle')}
                    aria-label={t('treatmentPlan.phaseTitle')}
                    maxLength={200}
                    className="plan-phase-title"
                    onBlur={(event) => { if (event.target.value.trim() !== phase.title) void savePhases(phases.map((entry, at) => (at === phaseIndex ? { ...entry, title: event.target.value } : entry))) }}
                  />
                ) : (
                  phase.title && <span className="plan-phase-name">{phase.title}</span>
                )}
                {phase.appointmentId && <Tag icon={<CalendarOutlined />} color="blue">{t('treatmentPlan.booked')}</Tag>}
              </Space>
            }
            extra={
              <Space size={0} wrap>
                {bookable && <Button size="small" type="primary" icon={<CalendarOutlined />} onClick={() => book(phaseIndex)} data-testid={`plan-book-${phaseIndex + 1}`}>{t('treatmentPlan.book')}</Button>}
                {open && (
                  <>
                    <Button size="small" type="text" icon={<ArrowUpOutlined />} disabled={phaseIndex === 0 || busy} aria-label={t('treatmentPlan.moveUp')} onClick={() => void savePhases(movePhase(phases, phaseIndex, -1))} />
                    <Button size="small" type="text" icon={<ArrowDownOutlined />} disabled={phaseIndex === plan.phases.length - 1 || busy} aria-label={t('treatmentPlan.moveDown')} onClick={() => void savePhases(movePhase(phases, phaseIndex, 1))} />
                    {!phase.items.some((item) => item.status === 'done') && (
                      <Popconfirm title={t('treatmentPlan.removePhaseConfirm')} onConfirm={() => void savePhases(phases.filter((_entry, at) => at !== phaseIndex))} okText={t('common.delete')} cancelText={t('common.cancel')}>
                        <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('treatmentPlan.removePhase')} />
                      </Popconfirm>
                    )}
                  </>
                )}
              </Space>
            }
          >
            {phone ? itemList(phaseIndex, phase.items) : (
              <Table size="small" rowKey="_id" pagination={false} columns={itemColumns(phaseIndex)} dataSource={phase.items} className="plan-items" locale={{ emptyText: t('treatmentPlan.noItems') }} />
            )}
            <div className="plan-phase-foot">
              {open ? (
                <Button size="small" icon={<PlusOutlined />} onClick={() => setEditing({ phase: phaseIndex, index: null })} data-testid={`plan-add-item-${phaseIndex + 1}`}>{t('treatmentPlan.addItem')}</Button>
              ) : <span />}
              <Typography.Text>{t('treatmentPlan.phaseTotal')}: <strong>{format.money(phaseTotal.total, currency)}</strong></Typography.Text>
            </div>
          </Card>
        )
      })}
      {open && (
        <Space wrap className="plan-add-phases">
          <Button icon={<PlusOutlined />} onClick={() => void savePhases([...phases, { title: '', items: [] }])} data-testid="plan-add-phase">{t('treatmentPlan.addPhase')}</Button>
          <TemplatePicker diagnosisCodes={diagnosisCodes} disabled={busy} onPick={(drafts) => void run(() => appendPhasesToPlan(plan, drafts))} />
        </Space>
      )}
      <Card size="small" className="plan-totals" data-testid="plan-totals">
        <div><span>{t('treatmentPlan.subtotal')}</span><span>{format.money(totals.plan.subtotal, currency)}</span></div>
        {patientDiscount > 0 && <div><span>{t('treatmentPlan.patientDiscount', { percent: patientDiscount })}</span><span>−{format.money(totals.plan.discount, currency)}</span></div>}
        <div className="plan-total"><span>{t('treatmentPlan.total')}</span><strong>{format.money(totals.plan.total, currency)}</strong></div>
      </Card>

      <Suspense fallback={null}>
        <MediaAttachments owner={{ type: 'treatment-plan', id: plan._id, customerId: plan.customerId }} />
      </Suspense>

      {editing && (
        <ItemModal
          item={editing.index === null ? null : phases[editing.phase].items[editing.index]}
          numbering={numbering}
          currency={currency}
          groups={groups.map((entry) => entry.group)}
          onSave={saveItem}
          onClose={() => setEditing(null)}
        />
      )}
      {accepting && <AcceptModal plan={plan} onAccept={(choices) => { setAccepting(false); void act('accept', choices) }} onClose={() => setAccepting(false)} />}
      {booking && <BookingDrawer appointment={null} prefill={booking} onClose={() => setBooking(null)} onSaved={() => { setBooking(null); void refreshService('treatment-plan') }} />}
    </div>
  )
}

/** Accepting: one option of each alternative group (the others are rejected). */
function AcceptModal({ plan, onAccept, onClose }: { plan: TreatmentPlan; onAccept: (choices: Record<string, string>) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const groups = groupsOf(plan)
  const [choices, setChoices] = useState<Record<string, string>>({})
  const complete = groups.every((group) => group.options.length < 2 || choices[group.group] !== undefined)
  return (
    <Modal open title={t('treatmentPlan.acceptTitle')} onCancel={onClose} onOk={() => onAccept(choices)} okButtonProps={{ disabled: !complete, 'data-testid': 'plan-accept-confirm' } as never} okText={t('treatmentPlan.actions.accept')} cancelText={t('common.cancel')} destroyOnHidden>
      <Typography.Paragraph type="secondary">{t('treatmentPlan.acceptHint')}</Typography.Paragraph>
      {groups.map((group) => (
        <fieldset key={group.group} className="plan-choice">
          <legend>{group.group}</legend>
          <Radio.Group value={choices[group.group]} onChange={(event) => setChoices({ ...choices, [group.group]: event.target.value as string })}>
            <Space direction="vertical">
              {group.options.map((option) => (
                <Radio key={option.option} value={option.option} data-testid={`plan-choice-${group.group}-${option.option}`}>
                  <strong>{option.option || '—'}</strong>: {option.items.map((item) => item.serviceName).join(', ')}
                </Radio>
              ))}
            </Space>
          </Radio.Group>
        </fieldset>
      ))}
    </Modal>
  )
}
