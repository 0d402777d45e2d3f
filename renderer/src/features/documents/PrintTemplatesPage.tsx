import './documents.css'
import { useEffect, useMemo, useState } from 'react'
import { Alert, Button, Card, Form, Grid, Input, Menu, Popconfirm, Segmented, Select, Space, Tag, Typography } from 'antd'
import { EyeOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { createRecord, patchRecord, removeRecord, useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { client } from '../../api/client'
import { toast, toastError } from '../../app/toasts'
import { PageHeader } from '../../components/PageHeader'
import { roleForPaper } from '../../../../main/src/printer-roles'
import { platform } from '../../platform'
import { documentKinds, documentLanguages, type DocumentKind, type DocumentLanguage } from '../../../../domain/documents/kinds'
import { shippedTemplate } from '../../../../domain/documents/shipped-templates'
import type { DocumentTemplateTexts } from '../../../../domain/documents/template'
import { VariableList } from './VariableList'
import { documentLanguageOf, signaturesFromText, textsChanged, unknownIn } from './template-editing'

/** Kinds the clinic edits here; the daily log 037/у has no patient and no texts of its own beyond its title. */
const editable = documentKinds

interface FormValues {
  title: string
  intro: string
  closing: string
  signatures: string
}

const toForm = (texts: DocumentTemplateTexts): FormValues => ({ ...texts, signatures: texts.signatures.join('\n') })
const fromForm = (values: FormValues): DocumentTemplateTexts => ({ title: values.title.trim(), intro: values.intro.trim(), closing: values.closing.trim(), signatures: signaturesFromText(values.signatures) })

/**
 * /company/documents: the clinic's print templates. For each kind of document and language the
 * clinic words the title, the paragraphs around the fixed part and the signature lines, with the
 * variables of the documented dictionary; it previews them on a sample patient before saving, and
 * goes back to the shipped texts by removing its own.
 */
export default function PrintTemplatesPage() {
  const { t, i18n } = useTranslation()
  const canEdit = useCan('company', 'edit')
  const [kind, setKind] = useState<DocumentKind>('treatment-plan')
  const [language, setLanguage] = useState<DocumentLanguage>(documentLanguageOf(i18n.language))
  const [form] = Form.useForm<FormValues>()
  const [busy, setBusy] = useState(false)
  // Below a laptop's width the kinds and languages are two selects above the editor.
  const narrow = !Grid.useBreakpoint().lg
  const own = useFind('print-templates', { $limit: 100 })
  const saved = own.data?.data.find((template) => template.kind === kind && template.language === language)
  const current: DocumentTemplateTexts = useMemo(() => (saved ? { title: saved.title, intro: saved.intro, closing: saved.closing, signatures: saved.signatures } : shippedTemplate(kind, language)), [saved, kind, language])
  const values = Form.useWatch([], form) as FormValues | undefined
  const editing = values ? fromForm({ title: values.title ?? '', intro: values.intro ?? '', closing: values.closing ?? '', signatures: values.signatures ?? '' }) : current
  const unknown = unknownIn(editing)
  const dirty = textsChanged(editing, current)

  useEffect(() => form.setFieldsValue(toForm(current)), [current, form])

  async function save() {
    const texts = fromForm(await form.validateFields())
    setBusy(true)
    try {
      if (saved) await patchRecord('print-templates', [saved._id, texts])
      else await createRecord('print-templates', [{ kind, language, ...texts }])
      toast.success(t('documents.templates.saved'))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }
  async function reset() {
    if (!saved) return
    setBusy(true)
    try {
      await removeRecord('print-templates', [saved._id])
      toast.success(t('documents.templates.resetDone'))
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }
  async function preview() {
    const texts = fromForm(await form.validateFields())
    try {
      await platform.printPdf(
        client
          .service('document-previews')
          .create({ kind, language, ...texts })
          .then((answer) => ({
            url: URL.createObjectURL(new Blob([Uint8Array.from(atob(answer.pdf), (char) => char.charCodeAt(0))], { type: 'application/pdf' })),
            // A receipt's preview is made on 80 mm paper (document-previews' default).
            role: roleForPaper(kind === 'receipt' ? '80mm' : 'A4')
          }))
      )
    } catch (error) {
      toastError(error)
    }
  }

  return (
    <div className="print-templates-page">
      <PageHeader title={t('documents.templates.title')} subtitle={t('documents.templates.subtitle')} />
      <div className="print-templates-layout">
        {narrow ? (
          <Space wrap>
            <Select<DocumentKind> value={kind} onChange={setKind} options={editable.map((each) => ({ value: each, label: t(`documents.kinds.${each}`) }))} style={{ minWidth: 220 }} aria-label={t('documents.templates.title')} data-testid="template-kind" />
            <Select<DocumentLanguage> value={language} onChange={setLanguage} options={documentLanguages.map((each) => ({ value: each, label: t(`documents.languages.${each}`) }))} aria-label={t('documents.language')} />
          </Space>
        ) : (
          <Card size="small" className="print-templates-kinds">
            <Menu
              mode="inline"
              selectedKeys={[kind]}
              onClick={({ key }) => setKind(key as DocumentKind)}
              items={editable.map((each) => ({
                key: each,
                label: (
                  <span data-testid={`template-kind-${each}`}>
                    {t(`documents.kinds.${each}`)}
                    {own.data?.data.some((template) => template.kind === each) && <Tag className="print-templates-own">{t('documents.templates.own')}</Tag>}
                  </span>
                )
              }))}
            />
          </Card>
        )}
        <Card
          size="small"
          title={
            <Space wrap>
              {t(`documents.kinds.${kind}`)}
              <Tag color={saved ? 'blue' : 'default'}>{saved ? t('documents.templates.own') : t('documents.templates.shipped')}</Tag>
            </Space>
          }
        >
          {!narrow && (
            <Segmented<DocumentLanguage> value={language} onChange={setLanguage} options={documentLanguages.map((each) => ({ value: each, label: t(`documents.languages.${each}`) }))} className="print-templates-languages" data-testid="template-language" />
          )}
          <Form form={form} layout="vertical" disabled={!canEdit || busy} requiredMark={false}>
            <Form.Item name="title" label={t('documents.templates.heading')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
              <Input maxLength={300} data-testid="template-title" />
            </Form.Item>
            <Form.Item name="intro" label={t('documents.templates.intro')} extra={t('documents.templates.paragraphsHint')}>
              <Input.TextArea autoSize={{ minRows: 4, maxRows: 16 }} maxLength={20000} data-testid="template-intro" />
            </Form.Item>
            <Typography.Paragraph type="secondary" className="print-templates-fixed">{t(`documents.templates.fixed.${kind}`)}</Typography.Paragraph>
            <Form.Item name="closing" label={t('documents.templates.closing')}>
              <Input.TextArea autoSize={{ minRows: 3, maxRows: 12 }} maxLength={20000} data-testid="template-closing" />
            </Form.Item>
            <Form.Item name="signatures" label={t('documents.templates.signatures')} extra={t('documents.templates.signaturesHint')}>
              <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} data-testid="template-signatures" />
            </Form.Item>
          </Form>
          {unknown.length > 0 && <Alert type="warning" showIcon title={t('documents.templates.unknown', { names: unknown.map((name) => `{{${name}}}`).join(', ') })} style={{ marginBottom: 12 }} />}
          <Space wrap>
            {canEdit && (
              <Button type="primary" loading={busy} disabled={!dirty} onClick={() => void save()} data-testid="template-save">
                {t('common.save')}
              </Button>
            )}
            {canEdit && (
              <Button icon={<EyeOutlined />} onClick={() => void preview()} data-testid="template-preview">
                {t('documents.templates.preview')}
              </Button>
            )}
            {canEdit && saved && (
              <Popconfirm title={t('documents.templates.resetConfirm')} onConfirm={() => void reset()}>
                <Button danger disabled={busy} data-testid="template-reset">{t('documents.templates.reset')}</Button>
              </Popconfirm>
            )}
          </Space>
        </Card>
        <VariableList language={documentLanguageOf(i18n.language)} />
      </div>
    </div>
  )
}
