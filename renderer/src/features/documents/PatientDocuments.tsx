import { useState } from 'react'
import { Button, Card, Dropdown, Space } from 'antd'
import { PrinterOutlined, TabletOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'
import type { DocumentLanguage } from '../../../../domain/documents/kinds'
import type { PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'
import { DocumentLanguageSelect } from './DocumentLanguageSelect'
import { AskedDocumentModal, askedKinds, directPatientKinds, type AskedKind } from './AskedDocumentModal'
import { PrintedDocumentList } from './PrintedDocumentList'
import { usePrint } from './usePrint'
import { useSignRequest } from './useSignRequest'
import { useTextArea } from '../../i18n/useTextArea'

/** What the card asks a patient to sign on a tablet: a contract straight away, a consent or refusal for a procedure. */
const signable = ['contract', 'consent', 'refusal'] as const

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
  // A consent or refusal asked for signing names its procedure first, as for printing.
  const [forSigning, setForSigning] = useState(false)
  const { print, printing } = usePrint()
  const signing = useSignRequest()
  if (!ready || !canView) return null
  const send = async (key: string, data: Omit<PrintedDocumentData, 'customerId' | 'language'>) => {
    const full = { ...data, customerId, ...(language ? { language } : {}) } as PrintedDocumentData
    if (forSigning) await signing.ask(key, full)
    else await print(key, full)
    setAsking(null)
    setForSigning(false)
  }
  const askToSign = (kind: (typeof signable)[number]) => {
    if (kind === 'contract') void signing.ask(kind, { kind, customerId, ...(language ? { language } : {}) } as PrintedDocumentData)
    else {
      setForSigning(true)
      setAsking(kind)
    }
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
            <Button
              key={kind}
              icon={<PrinterOutlined />}
              onClick={() => {
                setForSigning(false)
                setAsking(kind)
              }}
              data-testid={`print-${kind}`}
            >
              {t(`documents.kinds.${kind}`)}…
            </Button>
          ))}
          <Dropdown
            trigger={['click']}
            menu={{
              items: signable.map((kind) => ({ key: kind, label: `${t(`documents.kinds.${kind}`)}${kind === 'contract' ? '' : '…'}`, 'data-testid': `sign-${kind}` })),
              onClick: ({ key }) => askToSign(key as (typeof signable)[number])
            }}
          >
            <Button icon={<TabletOutlined />} loading={signing.requesting !== null} data-testid="sign-on-tablet">
              {t('documents.signing.signOnTablet')}
            </Button>
          </Dropdown>
        </Space>
      )}
      <PrintedDocumentList customerId={customerId} />
      <AskedDocumentModal
        kind={asking}
        forSigning={forSigning}
        busy={printing === asking || signing.requesting === asking}
        onPrint={(data) => void send(data.kind, data)}
        onClose={() => {
          setAsking(null)
          setForSigning(false)
        }}
      />
      {signing.dialog}
    </Card>
  )
}
