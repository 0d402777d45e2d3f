import { useState } from 'react'
import { Button, Dropdown } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useCan } from '../../api/permissions'
import { useTextArea } from '../../i18n/useTextArea'
import type { PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'
import { AskedDocumentModal, askedKinds, directPatientKinds, type AskedKind } from './AskedDocumentModal'
import { usePrint } from './usePrint'

/**
 * Print from a visit (the booking drawer): the patient's documents a visit needs, the medical
 * card 043/у, a contract, a consent or refusal for a procedure and a lab order, in the patient's
 * language. Everything printed is kept on the patient's documents card.
 */
export function VisitPrintMenu({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const ready = useTextArea('documents')
  const canPrint = useCan('documents', 'create')
  const [asking, setAsking] = useState<AskedKind | null>(null)
  const { print, printing } = usePrint()
  if (!ready || !canPrint) return null
  const send = async (data: Omit<PrintedDocumentData, 'customerId'>) => {
    await print(data.kind, { ...data, customerId } as PrintedDocumentData)
    setAsking(null)
  }
  const items = [
    ...directPatientKinds.map((kind) => ({ key: kind, label: t(`documents.kinds.${kind}`), 'data-testid': `visit-print-${kind}` })),
    ...askedKinds.map((kind) => ({ key: kind, label: `${t(`documents.kinds.${kind}`)}…`, 'data-testid': `visit-print-${kind}` }))
  ]
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items,
          onClick: ({ key }) => {
            if ((askedKinds as readonly string[]).includes(key)) setAsking(key as AskedKind)
            else void send({ kind: key as (typeof directPatientKinds)[number] })
          }
        }}
      >
        <Button icon={<PrinterOutlined />} loading={printing !== null} aria-label={t('documents.print')} data-testid="visit-print" />
      </Dropdown>
      <AskedDocumentModal kind={asking} busy={printing === asking} onPrint={(data) => void send(data)} onClose={() => setAsking(null)} />
    </>
  )
}
