import { useTextArea } from '../../i18n/useTextArea'
import { MyTasksList } from './MyTasksList'

/** "My tasks" on the home screen, once the tasks' texts are loaded (they are not in the first screen's). */
export default function MyTasksCard() {
  return useTextArea('tasks') ? <MyTasksList /> : null
}
