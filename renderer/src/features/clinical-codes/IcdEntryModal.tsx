import { Form, Input, Modal } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'
import { TitleFields } from './TitleFields'
import { titleValues, type TitleValues } from './code-titles'
import { MAX_ICD_CODE, type IcdCode } from '../../../../server/src/services/clinical/icd/icd.shared'

interface Values {
  code: string
  parentCode?: string
  titles: TitleValues
}

/** Adds a company's own ICD code under `parentCode`, or changes one (`entry`). */
export function IcdEntryModal({ entry, parentCode, onClose }: { entry: IcdCode | null; parentCode: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const create = useCreate('icd')
  const patch = usePatch('icd')

  async function save(values: Values) {
    const data = { code: values.code.trim(), parentCode: values.parentCode?.trim() || null, titles: values.titles }
    try {
      if (entry) await patch(entry._id, data)
      else await create(data)
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showServerError(form, error, ['code', 'parentCode'])
    }
  }

  return (
    <Modal open title={entry ? t('icd.editTitle') : t('icd.addTitle')} okText={t('common.save')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form<Values> form={form} layout="vertical" onFinish={save} initialValues={{ code: entry?.code ?? '', parentCode: parentCode ?? '', titles: titleValues(entry?.titles) }}>
        <Form.Item name="code" label={t('icd.code')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]} extra={t('icd.codeHint')}>
          <Input maxLength={MAX_ICD_CODE} autoFocus style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <Form.Item name="parentCode" label={t('icd.parentCode')} extra={t('icd.parentHint')}>
          <Input maxLength={MAX_ICD_CODE} style={{ textTransform: 'uppercase' }} />
        </Form.Item>
        <TitleFields />
      </Form>
    </Modal>
  )
}
