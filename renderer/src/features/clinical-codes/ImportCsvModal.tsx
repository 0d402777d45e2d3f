import { useState } from 'react'
import { Alert, Button, Input, Modal, Space, Typography, Upload } from 'antd'
import { UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { refreshService } from '../../api/live'
import { errorMessage } from '../../app/toasts'
import { problemText, readFileText } from './code-titles'

/** The lists a CSV file can add to, and the import service of each. */
export const importPaths = {
  icd: 'icd-import',
  cdb: 'cdb-import',
  odb: 'odb-import',
  'diagnose-objectively': 'diagnose-objectively-import',
  manipulations: 'manipulations-import'
} as const
type ImportList = keyof typeof importPaths
interface Problem {
  line: number
  code: string
  column?: string
}
type Outcome = { created: number } | { problems: Problem[]; count: number } | { message: string }

/**
 * Imports a CSV file into a list: the file (or pasted text) goes to the server, which checks
 * every line and writes all of it or nothing; the answer is shown here, line by line.
 */
export function ImportCsvModal({ list, example, onClose }: { list: ImportList; example: string; onClose: () => void }) {
  const { t } = useTranslation()
  const [csv, setCsv] = useState('')
  const [busy, setBusy] = useState(false)
  const [outcome, setOutcome] = useState<Outcome | null>(null)

  async function submit() {
    setBusy(true)
    setOutcome(null)
    try {
      const result = await client.service(importPaths[list]).create({ csv })
      setOutcome(result)
      refreshService(list)
    } catch (error) {
      const data = (error as { data?: { problems?: Problem[]; problemCount?: number } }).data
      setOutcome(data?.problems ? { problems: data.problems, count: data.problemCount ?? data.problems.length } : { message: errorMessage(error) })
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal
      open
      title={t('clinicalCodes.importTitle')}
      onCancel={onClose}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('clinicalCodes.close')}
        </Button>,
        <Button key="import" type="primary" loading={busy} disabled={!csv.trim()} onClick={() => void submit()} data-testid="import-submit">
          {t('clinicalCodes.import')}
        </Button>
      ]}
    >
      <Space direction="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('clinicalCodes.importHint')}
        </Typography.Paragraph>
        <pre className="import-example">{example}</pre>
        <Upload
          accept=".csv,text/csv,text/plain"
          maxCount={1}
          showUploadList={false}
          beforeUpload={(file) => {
            void readFileText(file).then(setCsv)
            return false
          }}
        >
          <Button icon={<UploadOutlined />}>{t('clinicalCodes.chooseFile')}</Button>
        </Upload>
        <Input.TextArea rows={6} value={csv} onChange={(event) => setCsv(event.target.value)} placeholder={t('clinicalCodes.pasteHere')} aria-label={t('clinicalCodes.pasteHere')} />
        {outcome && 'created' in outcome && <Alert type="success" showIcon message={t('clinicalCodes.imported', { count: outcome.created })} />}
        {outcome && 'message' in outcome && <Alert type="error" showIcon message={outcome.message} />}
        {outcome && 'problems' in outcome && (
          <Alert
            type="error"
            showIcon
            message={t('clinicalCodes.importFailed', { count: outcome.count })}
            description={
              <ul className="import-problems">
                {outcome.problems.map((problem, index) => (
                  <li key={index}>{problemText(t, problem)}</li>
                ))}
              </ul>
            }
          />
        )}
      </Space>
    </Modal>
  )
}
