import { useState } from 'react'
import { Button, Card, Space } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'
import type { DocumentLanguage } from '../../../../domain/documents/kinds'
import type { PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'
import { DocumentLanguageSelect } from './DocumentLanguageSelect'
import { AskedDocumentModal, askedKinds, directPatientKinds, type AskedKind } from './AskedDocumentModal'
import { PrintedDocumentList } from './PrintedDocumentList'
import { usePrint } from './usePrint'
import { useTextArea } from '../../i18n/useTextArea'


/**
 * The patient's documents on the card's overview: print the medical card 043/у, a contract, a
 * consent or a refusal for a procedure, a lab work order; and every document printed before.
 */
export function PatientDocuments({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const ready = useTextArea('documents')
  const canView = useCan('documents', 'view')
  const canPrint = useCan('documents', 'create')
  const [language, setLanguage] = useState<DocumentLanguage | undefined>()
  const [asking, setAsking] = useState<AskedKind | null>(null)
  const { print, printing } = usePrint()
  if (!ready || !canView) return null
  const send = async (key: string, data: Omit<PrintedDocumentData, 'customerId' | 'language'>) => {
    await print(key, { ...data, customerId, ...(language ? { language } : {}) } as PrintedDocumentData)
    setAsking(null)
  }
  return (
    <Card title={t('documents.title')} size="small" extra={canPrint && <DocumentLanguageSelect value={language} onChange={setLanguage} />} data-testid="patient-documents">
      {canPrint && (
        <Space wrap style={{ marginBottom: 12 }}>
          {directPatientKinds.map((kind) => (
            <Button key={kind} icon={<PrinterOutlined />} loading={printing === kind} onClick={() => void send(kind, { kind })} data-testid={`print-${kind}`}>
              {t(`documents.kinds.${kind}`)}
            </Button>
          ))}
          {askedKinds.map((kind) => (
            <Button key={kind} icon={<PrinterOutlined />} onClick={() => setAsking(kind)} data-testid={`print-${kind}`}>
              {t(`documents.kinds.${kind}`)}…
            </Button>
          ))}
        </Space>
      )}
      <PrintedDocumentList customerId={customerId} />
      <AskedDocumentModal kind={asking} busy={printing === asking} onPrint={(data) => void send(data.kind, data)} onClose={() => setAsking(null)} />
    </Card>
  )
}
