import { useState } from 'react'
import { Button, Dropdown } from 'antd'
import { PrinterOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { PrintedDocumentData } from '../../../../server/src/services/documents/documents/documents.shared'
import { AskedDocumentModal, askedKinds, directPatientKinds, type AskedKind } from './AskedDocumentModal'
import { usePrint } from './usePrint'

/** The visit's print menu itself, once the documents' texts are loaded (VisitPrintMenu.tsx). */
export function VisitPrintChoices({ customerId }: { customerId: string }) {
  const { t } = useTranslation()
  const [asking, setAsking] = useState<AskedKind | null>(null)
  const { print, printing } = usePrint()
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
