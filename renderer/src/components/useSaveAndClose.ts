import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../app/toasts'

/**
 * The save step of an add/edit dialog: write (with a write hook of api/live, which updates the
 * caches), say "Saved" and close.
 * A refusal goes to `onError` (next to its field or as a toast) and the dialog stays open with
 * what was typed. `busy` is true while the write runs.
 */
export function useSaveAndClose(onClose: () => void, onError: (error: unknown) => void) {
  const { t } = useTranslation()
  const [busy, setBusy] = useState(false)
  async function run(write: () => Promise<unknown>) {
    setBusy(true)
    try {
      await write()
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      onError(error)
    } finally {
      setBusy(false)
    }
  }
  return { busy, run }
}
