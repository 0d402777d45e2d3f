import { useState } from 'react'
import { Button, Form, Space } from 'antd'
import { useTranslation } from 'react-i18next'
import { showServerError } from '../../components/form-errors'
import { TemplateTextArea } from '../../components/TemplateTextArea'

export const MAX_NOTE_LENGTH = 5000

/** The text box for a new note or an edited one; Ctrl+Enter saves. */
export function NoteEditor({ initial = '', onSave, onCancel, saveLabel }: { initial?: string; onSave: (text: string) => Promise<void>; onCancel?: () => void; saveLabel: string }) {
  const { t } = useTranslation()
  const [form] = Form.useForm<{ text: string }>()
  const [busy, setBusy] = useState(false)

  async function submit({ text }: { text: string }) {
    setBusy(true)
    try {
      await onSave(text.trim())
      form.resetFields()
    } catch (error) {
      showServerError(form, error, ['text'])
    } finally {
      setBusy(false)
    }
  }

  return (
    <Form form={form} initialValues={{ text: initial }} onFinish={submit} disabled={busy} className="note-editor">
      <Form.Item name="text" rules={[{ required: true, whitespace: true, message: t('notes.empty') }]} style={{ marginBottom: 8 }}>
        <TemplateTextArea
          templatePlace="notes"
          autoSize={{ minRows: 2, maxRows: 10 }}
          maxLength={MAX_NOTE_LENGTH}
          placeholder={t('notes.placeholder')}
          aria-label={t('notes.placeholder')}
          autoFocus={Boolean(onCancel)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit()
          }}
          data-testid="note-text"
        />
      </Form.Item>
      <Space>
        <Button type="primary" htmlType="submit" loading={busy} data-testid="note-save">
          {saveLabel}
        </Button>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
      </Space>
    </Form>
  )
}
