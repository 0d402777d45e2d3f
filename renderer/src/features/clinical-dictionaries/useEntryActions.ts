import { useTranslation } from 'react-i18next'
import { usePatch, useRemove } from '../../api/live'
import { toast, toastError } from '../../app/toasts'

/** The dictionaries whose entries a company hides (a shipped one) or deletes (its own). */
type DictionaryPath = 'odb' | 'diagnose-objectively' | 'manipulations'

/**
 * Hide or show an entry, and delete one (to the trash), with the same toasts on every
 * dictionary screen. `patch` is returned for the screen's own edits.
 */
export function useEntryActions(path: DictionaryPath) {
  const { t } = useTranslation()
  const patch = usePatch(path)
  const remove = useRemove(path, { also: ['trash'] })
  return {
    async setHidden(id: string, hidden: boolean) {
      try {
        await patch(id, { hidden })
      } catch (error) {
        toastError(error)
      }
    },
    async removeEntry(id: string) {
      try {
        await remove(id)
        toast.success(t('clinicalDictionaries.removed'))
      } catch (error) {
        toastError(error)
      }
    }
  }
}
