import { Button, List, Space, Tag, Typography } from 'antd'
import { DownloadOutlined, FilePdfOutlined, SafetyCertificateOutlined, WarningOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind, useGet } from '../../api/live'
import { useFormat } from '../../i18n/format'
import { usePeopleNames } from '../../components/usePeopleNames'
import { documentHref, downloadPdf } from './usePrint'

const SHOWN = 20
const STATUS_COLORS = { 'awaiting-signature': 'blue', signed: 'green', withdrawn: 'default' } as const

/** A signed document's check: the server re-hashes the stored PDF and the chain link (document-signatures get). */
function Verified({ signatureId }: { signatureId: string }) {
  const { t } = useTranslation()
  const signature = useGet('document-signatures', signatureId)
  if (!signature.data) return null
  return signature.data.verified ? (
    <Tag icon={<SafetyCertificateOutlined />} color="success" data-testid="document-verified">{t('documents.signing.verified')}</Tag>
  ) : (
    <Tag icon={<WarningOutlined />} color="error" data-testid="document-not-verified">{t('documents.signing.notVerified')}</Tag>
  )
}

/** The documents printed for a patient, newest first: each opens as it was printed. */
export function PrintedDocumentList({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { names } = usePeopleNames()
  const documents = useFind('documents', { customerId, $sort: { createdAt: -1 }, $limit: SHOWN })
  const rows = documents.data?.data ?? []
  return (
    <List
      size="small"
      loading={documents.isLoading}
      dataSource={rows}
      locale={{ emptyText: t('documents.none') }}
      data-testid="printed-documents"
      renderItem={(document) => (
        <List.Item
          actions={[
            <Button key="download" size="small" type="text" icon={<DownloadOutlined />} aria-label={t('documents.download')} onClick={() => downloadPdf(documentHref(document))} />
          ]}
        >
          <List.Item.Meta
            avatar={<FilePdfOutlined style={{ fontSize: 20, color: '#cf1322' }} />}
            title={
              <Space size={6} wrap>
                <Typography.Link href={documentHref(document)} target="_blank" rel="noopener">{document.title}</Typography.Link>
                <Tag>{t('documents.version', { version: document.version })}</Tag>
                {document.copy && <Tag color="orange">{t('documents.copy')}</Tag>}
                {document.status !== 'printed' && (
                  <Tag color={STATUS_COLORS[document.status]} data-testid={`document-status-${document.status}`}>{t(`documents.signing.statuses.${document.status}`)}</Tag>
                )}
                {document.status === 'signed' && document.signatureId && <Verified signatureId={document.signatureId} />}
              </Space>
            }
            description={`${t(`documents.kinds.${document.kind}`)} · ${format.dateTime(document.createdAt)}${document.createdBy ? ` · ${names.get(document.createdBy) ?? ''}` : ''}`}
          />
        </List.Item>
      )}
    />
  )
}
