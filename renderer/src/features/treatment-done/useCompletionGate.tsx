import { useState, type ComponentType, type ReactNode } from 'react'
import { client } from '../../api/client'
import { useCan } from '../../api/permissions'
import { loadTextArea } from '../../i18n'
import { toastError } from '../../app/toasts'
import type { CompleteVisitDialog as Dialog, CompletingVisit } from './CompleteVisitDialog'

type DialogComponent = ComponentType<Parameters<typeof Dialog>[0]>

/**
 * The dialog and its words (the clinical texts) load when a visit is first completed, not with
 * the calendar and the board that offer completing.
 */
async function loadDialog(): Promise<DialogComponent> {
  const [module] = await Promise.all([import('./CompleteVisitDialog'), loadTextArea('clinical')])
  return module.CompleteVisitDialog
}

/**
 * Completing a visit asks for its treatments: `gate(visit, complete)` completes at once when the
 * person may not record treatments or the visit already has lines; otherwise it opens "What was
 * done?" and `complete` runs from there (after the lines are saved, or without them). Render
 * `dialog` where the gate is used.
 */
export function useCompletionGate(): { gate: (visit: CompletingVisit, complete: () => Promise<void>) => Promise<void>; dialog: ReactNode } {
  const canRecord = useCan('treatment', 'create')
  const [open, setOpen] = useState<{ visit: CompletingVisit; complete: () => Promise<void>; Dialog: DialogComponent } | null>(null)

  async function gate(visit: CompletingVisit, complete: () => Promise<void>) {
    if (!canRecord || !visit.customerId) return complete()
    const recorded = await client
      .service('treatment')
      .find({ query: { customerId: visit.customerId, appointmentId: visit._id, $limit: 0 } })
      .then((page) => page.total > 0)
      // The treatment module off or the visit out of reach: completing stays possible.
      .catch(() => true)
    if (recorded) return complete()
    try {
      setOpen({ visit, complete, Dialog: await loadDialog() })
    } catch (error) {
      // Offline with the dialog not cached: say so; the visit stays as it was.
      toastError(error)
    }
  }

  const dialog = open ? <open.Dialog visit={open.visit} complete={open.complete} onClose={() => setOpen(null)} /> : null
  return { gate, dialog }
}
