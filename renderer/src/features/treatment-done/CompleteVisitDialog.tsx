import { useMemo, useState } from 'react'
import { Button, Modal, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useGet, refreshService } from '../../api/live'
import { client } from '../../api/client'
import { toastError } from '../../app/toasts'
import { useCurrency } from '../appointments/useCalendarSettings'
import { useServiceCatalogue } from '../appointments/useResources'
import { DraftLinesEditor } from './DraftLinesEditor'
import { draftsToData, prefillLines, type DraftLine, type DraftProblem, type VisitForPrefill } from './treatment-lines'
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
  const [drafts, setDrafts] = useState<DraftLine[]>(() => prefillLines(visit, prices))
  const [problem, setProblem] = useState<DraftProblem | null>(null)
  const [busy, setBusy] = useState(false)
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
        for (const data of prepared.data) await client.service('treatment').create(data)
        if (prepared.data.length > 0) await refreshService('treatment')
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
        <DraftLinesEditor drafts={drafts} onChange={setDrafts} catalogue={options} currency={currency} problem={problem} autoFocus />
        {problem && (
          <Typography.Text type="danger" role="alert">
            {problem.field === 'serviceId' ? t('treatmentDone.serviceRequired') : t('treatmentDone.teethInvalid')}
          </Typography.Text>
        )}
        {/* Enter in any input submits. */}
        <button type="submit" hidden />
      </form>
    </Modal>
  )
}
