import { useTextArea } from '../../i18n/useTextArea'
import { RecallMenu, type RecallProps } from './RecallMenu'

/** "Recall in…" on a visit or a plan (RecallMenu.tsx), once the tasks' texts are loaded. */
export function RecallButton(props: RecallProps) {
  return useTextArea('tasks') ? <RecallMenu {...props} /> : null
}
