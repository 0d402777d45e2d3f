import type { FormInstance } from 'antd'
import { errorCode, errorPath } from '../../api/errors'
import { errorMessage } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'

/**
 * A name taken in the company comes back as a Conflict without a field (a unique index): it
 * belongs under the name. Other errors go where showServerError puts them.
 */
export function showNameError(form: FormInstance, error: unknown) {
  if (errorCode(error) === 'conflict' && !errorPath(error)) {
    form.setFields([{ name: 'name', errors: [errorMessage(error)] }])
    return
  }
  showServerError(form, error, ['name', 'color'])
}
