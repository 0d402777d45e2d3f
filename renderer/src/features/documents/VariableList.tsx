import { Card, List, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { documentVariables } from '../../../../domain/documents/variables'
import type { DocumentLanguage } from '../../../../domain/documents/kinds'
import { toast } from '../../app/toasts'

/** The variables a template may use, each with what it prints; a click copies it to paste into a text. */
export function VariableList({ language }: { language: DocumentLanguage }) {
  const { t } = useTranslation()
  const copy = async (path: string) => {
    try {
      await navigator.clipboard.writeText(`{{${path}}}`)
      toast.success(t('documents.templates.copied', { name: `{{${path}}}` }))
    } catch {
      toast.info(`{{${path}}}`)
    }
  }
  return (
    <Card size="small" title={t('documents.templates.variables')} className="print-templates-variables">
      <Typography.Paragraph type="secondary">{t('documents.templates.variablesHint')}</Typography.Paragraph>
      <List
        size="small"
        dataSource={[...documentVariables]}
        renderItem={(variable) => (
          <List.Item className="print-templates-variable" onClick={() => void copy(variable.path)}>
            <div>
              <Typography.Text code>{`{{${variable.path}}}`}</Typography.Text>
              <div className="print-templates-variable-text">{variable.description[language]}</div>
            </div>
          </List.Item>
        )}
      />
    </Card>
  )
}
