import { useState } from 'react'
import { Button, Card, Space } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'
import type { DocumentLanguage } from '../../../../domain/documents/kinds'
import type { PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'
import { DocumentLanguageSelect } from './DocumentLanguageSelect'
import { LabOrderModal } from './LabOrderModal'
import { PrintedDocumentList } from './PrintedDocumentList'
import { ProcedureModal } from './ProcedureModal'
import { usePrint } from './usePrint'
import { useTextArea } from '../../i18n/useTextArea'

/** What the card prints straight away; consents, refusals and lab orders ask first. */
const direct = ['medical-card-043', 'contract'] as const
type Asking = 'consent' | 'refusal' | 'lab-order' | null

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
  const [asking, setAsking] = useState<Asking>(null)
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
          {direct.map((kind) => (
            <Button key={kind} icon={<PrinterOutlined />} loading={printing === kind} onClick={() => void send(kind, { kind })} data-testid={`print-${kind}`}>
              {t(`documents.kinds.${kind}`)}
            </Button>
          ))}
          {(['consent', 'refusal', 'lab-order'] as const).map((kind) => (
            <Button key={kind} icon={<PrinterOutlined />} onClick={() => setAsking(kind)} data-testid={`print-${kind}`}>
              {t(`documents.kinds.${kind}`)}…
            </Button>
          ))}
        </Space>
      )}
      <PrintedDocumentList customerId={customerId} />
      {(asking === 'consent' || asking === 'refusal') && (
        <ProcedureModal kind={asking} busy={printing === asking} onPrint={(choice) => void send(asking, { kind: asking, ...choice })} onClose={() => setAsking(null)} />
      )}
      {asking === 'lab-order' && <LabOrderModal busy={printing === 'lab-order'} onPrint={(labOrder) => void send('lab-order', { kind: 'lab-order', labOrder })} onClose={() => setAsking(null)} />}
    </Card>
  )
}
