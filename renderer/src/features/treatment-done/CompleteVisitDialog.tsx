import { useMemo, useState } from 'react'
import { Button, Modal, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind, useGet, refreshService } from '../../api/live'
import { useCan } from '../../api/permissions'
import { openPlanItems } from '../treatment-plan/plan-drafts'
import { client } from '../../api/client'
import { errorCode, errorPath } from '../../api/errors'
import { toastError } from '../../app/toasts'
import { useCurrency } from '../appointments/useCalendarSettings'
import { useServiceCatalogue } from '../appointments/useResources'
import { DraftLinesEditor } from './DraftLinesEditor'
import { draftOfPlanItem, draftsAfterWritten, draftsToData, prefillLines, sentDrafts, type DraftLine, type DraftProblem, type VisitForPrefill } from './treatment-lines'
import './treatment-done.css'

export interface CompletingVisit extends VisitForPrefill {
  _id: string
  customerId: string | null
}

interface Props {
  visit: CompletingVisit
  /** Completes the visit (the caller's status change); the dialog closes once it is done. */
  complete: () => Promise<void>
  onClose: () => void
}

/**
 * "What was done?": completing a visit that has no treatment lines yet. The visit's booked
 * services come prefilled as lines (teeth, surfaces, quantity and price editable); Save
 * records them and completes the visit; "Complete without treatments" only completes it (a
 * consultation). One form: Enter saves, Esc cancels and leaves the visit as it was.
 */
export function CompleteVisitDialog({ visit, complete, onClose }: Props) {
  const { t } = useTranslation()
  const catalogue = useServiceCatalogue()
  const company = useGet('my-company', 'mine')
  const currency = useCurrency()
  const numbering = company.data?.settings.toothNumbering ?? 'FDI'
  const prices = useMemo(() => new Map(catalogue.map((item) => [item._id, item.price])), [catalogue])
  const [fromServices] = useState<DraftLine[]>(() => prefillLines(visit, prices))
  const [edited, setDrafts] = useState<DraftLine[] | null>(null)
  const [problem, setProblem] = useState<DraftProblem | null>(null)
  const [busy, setBusy] = useState(false)
  // The patient's open plan items (issue 15): a line may complete one; a visit booked from a
  // plan's phase starts with that phase's items, linked.
  const seesPlans = useCan('treatment-plan', 'view')
  const plans = useFind('treatment-plan', { customerId: visit.customerId ?? '', $limit: 200 }, seesPlans && Boolean(visit.customerId))
  const open = useMemo(() => openPlanItems(plans.data?.data ?? []), [plans.data])
  const planItems = useMemo(() => open.map((entry) => entry.item), [open])
  const fromPlan = useMemo(() => {
    const phaseItems = open.filter((entry) => entry.phase.appointmentId === visit._id).map((entry) => entry.item)
    return phaseItems.length > 0 ? phaseItems.map((item) => draftOfPlanItem(item, numbering, (key) => t(key))) : null
  }, [open, visit._id, numbering, t])
  // What the person typed wins; until then the phase's items, else the booked services.
  const drafts = edited ?? fromPlan ?? fromServices
  // The booked services keep their names even when the catalogue no longer lists them.
  const options = useMemo(() => {
    const booked = visit.services
      .filter((service) => !catalogue.some((item) => item._id === service.serviceId))
      .map((service) => ({ _id: service.serviceId, name: service.name ?? '', price: service.price }))
    return [...catalogue, ...booked]
  }, [catalogue, visit])

  async function finish(withLines: boolean) {
    if (!visit.customerId) return
    setBusy(true)
    try {
      if (withLines) {
        const prepared = draftsToData(drafts, { customerId: visit.customerId, appointmentId: visit._id }, numbering, prices, (key) => t(key))
        if ('problem' in prepared) {
          setProblem(prepared.problem)
          return
        }
        setProblem(null)
        let written = 0
        try {
          for (const data of prepared.data) {
            await client.service('treatment').create(data)
            written += 1
          }
        } catch (error) {
          // The lines saved leave the dialog (saving again must not write them twice); a line the
          // server refused at its service (no signed consent) is marked, with the reason.
          if (written > 0) setDrafts(draftsAfterWritten(drafts, written))
          const refused = sentDrafts(drafts)[written]
          if (refused && errorPath(error) === 'serviceId') {
            setProblem({ key: refused.key, field: 'serviceId', code: errorCode(error) })
            return
          }
          throw error
        } finally {
          if (written > 0) await refreshService('treatment')
          if (prepared.data.slice(0, written).some((data) => data.planItemId)) await refreshService('treatment-plan')
        }
      }
      await complete()
      onClose()
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      width={880}
      title={t('treatmentDone.completeTitle')}
      onCancel={onClose}
      destroyOnHidden
      footer={
        <Space wrap>
          <Button onClick={onClose} disabled={busy}>
            {t('common.cancel')}
          </Button>
          <Button onClick={() => void finish(false)} disabled={busy} data-testid="complete-without-treatments">
            {t('treatmentDone.completeWithout')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void finish(true)} data-testid="complete-with-treatments">
            {t('treatmentDone.saveAndComplete')}
          </Button>
        </Space>
      }
    >
      <form
        aria-label={t('treatmentDone.completeTitle')}
        onSubmit={(event) => {
          event.preventDefault()
          void finish(true)
        }}
      >
        <Typography.Paragraph type="secondary">{t('treatmentDone.completeHint')}</Typography.Paragraph>
        <DraftLinesEditor drafts={drafts} onChange={setDrafts} catalogue={options} settings={company.data?.settings} currency={currency} problem={problem} autoFocus planItems={planItems} numbering={numbering} />
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem.code ? t(`errors.${problem.code}`) : problem.field === 'serviceId' ? t('treatmentDone.serviceRequired') : t('treatmentDone.teethInvalid')}
          </Typography.Text>
        )}
        {/* Enter in any input submits. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
