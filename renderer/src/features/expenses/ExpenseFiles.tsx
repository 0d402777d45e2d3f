import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { loadTextArea } from '../../i18n'

/**
 * The files screen of media and its words (the clinical texts, where media's live) load when a
 * saved expense is first opened, not with the expenses list.
 */
const MediaAttachments = lazy(() =>
  Promise.all([import('../media/MediaAttachments'), loadTextArea('clinical')]).then(([module]) => ({ default: module.MediaAttachments }))
)

/**
 * An expense's receipts and documents (docs/decisions/billing-expenses.md): media's own upload,
 * list, viewer and removal, for the owner type `expense`. Adding and removing follow `edit` on
 * expenses, as the server decides.
 */
export function ExpenseFiles({ expenseId }: { expenseId: string }) {
  const { t } = useTranslation()
  return (
    <Suspense fallback={null}>
      <MediaAttachments owner={{ type: 'expense', id: expenseId }} title={t('expenses.files')} />
    </Suspense>
  )
}
