import { Form, InputNumber, Modal, Select } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch } from '../../api/live'
import { showServerError } from '../../components/form-errors'
import { toast } from '../../app/toasts'
import { TitleFields } from './TitleFields'
import { titleValues, type TitleValues } from './code-titles'
import { MAX_COMPLAINT_CODES, type Complaint } from '../../../../server/src/services/clinical/cdb/cdb.shared'

interface Values {
  titles: TitleValues
  icdCodes: string[]
  rank: number
}

/** Adds a company's own complaint (tied to `icdCode` when the list is filtered by one), or changes one. */
export function CdbEntryModal({ entry, icdCode, onClose }: { entry: Complaint | null; icdCode: string | null; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const create = useCreate('cdb')
  const patch = usePatch('cdb')

  async function save(values: Values) {
    const data = { titles: values.titles, icdCodes: values.icdCodes ?? [], rank: values.rank ?? 0 }
    try {
      if (entry) await patch(entry._id, data)
      else await create(data)
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showServerError(form, error, ['rank'])
    }
  }

  return (
    <Modal open title={entry ? t('cdb.editTitle') : t('cdb.addTitle')} okText={t('common.save')} cancelText={t('common.cancel')} onOk={() => form.submit()} onCancel={onClose} destroyOnHidden>
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={save}
        initialValues={{ titles: titleValues(entry?.titles), icdCodes: entry?.icdCodes ?? (icdCode ? [icdCode] : []), rank: entry?.rank ?? 0 }}
      >
        <TitleFields />
        <Form.Item name="icdCodes" label={t('cdb.icdCodes')} extra={t('cdb.icdHint')}>
          <Select mode="tags" tokenSeparators={[' ', ',', ';']} maxCount={MAX_COMPLAINT_CODES} open={false} aria-label={t('cdb.icdCodes')} />
        </Form.Item>
        <Form.Item name="rank" label={t('cdb.rank')}>
          <InputNumber min={0} max={1_000_000} precision={0} />
        </Form.Item>
      </Form>
    </Modal>
  )
}
