import { useState } from 'react'
import { Button, Drawer, Form, Grid, Input, Select, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCreate, usePatch, type RecordOf } from '../../api/live'
import { toast } from '../../app/toasts'
import { showServerError } from '../../components/form-errors'
import {
  MAX_TEXT_TEMPLATE_CONTENT,
  MAX_TEXT_TEMPLATE_TITLE,
  textTemplatePlaces,
  type TextTemplatePlace
} from '../../../../server/src/services/documents/text-templates/text-templates.shared'

type TextTemplate = RecordOf<'text-templates'>
interface Values {
  title: string
  content: string
  offeredIn: TextTemplatePlace
}

/** Add or edit a text template: its title, its text and where it is offered. */
export function TextTemplateDrawer({ template, onClose }: { template: TextTemplate | null; onClose: () => void }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<Values>()
  const [busy, setBusy] = useState(false)
  const phone = !Grid.useBreakpoint().md
  const create = useCreate('text-templates')
  const patch = usePatch('text-templates')

  async function save(values: Values) {
    setBusy(true)
    const data = { title: values.title.trim(), content: values.content, offeredIn: values.offeredIn }
    try {
      await (template ? patch(template._id, data) : create(data))
      toast.success(t('common.saved'))
      onClose()
    } catch (error) {
      showServerError(form, error, ['title', 'content', 'offeredIn'])
      setBusy(false)
    }
  }

  const initial: Values = template ? { title: template.title, content: template.content, offeredIn: template.offeredIn } : { title: '', content: '', offeredIn: 'any' }
  const required = { required: true, whitespace: true, message: t('errors.field-required') }
  return (
    <Drawer
      open
      width={phone ? '100%' : 560}
      title={template ? t('textTemplates.edit') : t('textTemplates.new')}
      onClose={onClose}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="primary" loading={busy} onClick={() => form.submit()} data-testid="text-template-save">
            {t('common.save')}
          </Button>
        </Space>
      }
    >
      <Form form={form} layout="vertical" initialValues={initial} onFinish={save}>
        <Form.Item name="title" label={t('textTemplates.fieldTitle')} rules={[required]}>
          <Input maxLength={MAX_TEXT_TEMPLATE_TITLE} placeholder={t('textTemplates.titlePlaceholder')} data-testid="text-template-title" />
        </Form.Item>
        <Form.Item name="content" label={t('textTemplates.content')} rules={[required]}>
          <Input.TextArea autoSize={{ minRows: 6, maxRows: 16 }} maxLength={MAX_TEXT_TEMPLATE_CONTENT} showCount placeholder={t('textTemplates.contentPlaceholder')} data-testid="text-template-content" />
        </Form.Item>
        <Form.Item name="offeredIn" label={t('textTemplates.offeredIn')}>
          <Select options={textTemplatePlaces.map((place) => ({ value: place, label: t(`textTemplates.places.${place}`) }))} data-testid="text-template-place" />
        </Form.Item>
      </Form>
    </Drawer>
  )
}
