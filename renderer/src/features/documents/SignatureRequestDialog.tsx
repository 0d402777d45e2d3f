import { useEffect, useState } from 'react'
import { Button, Modal, Result, Space, Spin } from 'antd'
import { CheckCircleTwoTone, TabletOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { patchRecord, refreshService, useGet } from '../../api/live'
import { toastError } from '../../app/toasts'
import type { PrintedDocument } from '../../../../server/src/services/documents/documents/documents.shared'
import { SigningScreen } from './SigningScreen'
import { documentHref } from './usePrint'

/**
 * After "Sign on tablet": waits for the signature given on the tablet (`/kiosk`), live through
 * the document's `patched` event, and then says "Signed". The patient may instead sign on this
 * screen (the same pad, full screen), or the request is withdrawn.
 */
export function SignatureRequestDialog({ documentId, onClose }: { documentId: string; onClose: () => void }) {
  const { t } = useTranslation()
  const document = useGet('documents', documentId)
  const [here, setHere] = useState(false)
  const [withdrawing, setWithdrawing] = useState(false)
  const status = document.data?.status
  // The signed event carries no download link (a link is the reader's own): read the document again for it.
  const needsLink = status === 'signed' && !document.data?.file
  useEffect(() => {
    if (needsLink) void refreshService('documents')
  }, [needsLink])

  async function withdraw() {
    setWithdrawing(true)
    try {
      await patchRecord('documents', [documentId, { status: 'withdrawn' }])
      onClose()
    } catch (error) {
      toastError(error)
    } finally {
      setWithdrawing(false)
    }
  }

  if (here && document.data && status === 'awaiting-signature') {
    return (
      <Modal open footer={null} onCancel={() => setHere(false)} width="100%" style={{ top: 0, maxWidth: '100vw', padding: 0 }} styles={{ body: { minHeight: 'calc(100vh - 48px)' } }} destroyOnHidden data-testid="sign-here-dialog">
        <SigningScreen document={document.data as PrintedDocument} onSigned={() => setHere(false)} onCancel={() => setHere(false)} />
      </Modal>
    )
  }

  let body
  if (!document.data) body = <Spin />
  else if (status === 'signed') {
    body = (
      <Result
        icon={<CheckCircleTwoTone twoToneColor="#52c41a" />}
        title={t('documents.signing.signed')}
        subTitle={document.data.title}
        extra={document.data.file && <Button type="primary" href={documentHref(document.data)} target="_blank" rel="noopener" data-testid="open-signed">{t('documents.signing.openSigned')}</Button>}
        data-testid="signature-signed"
      />
    )
  } else if (status === 'withdrawn') {
    body = <Result status="warning" title={t('documents.signing.withdrawn')} />
  } else {
    body = (
      <Result
        icon={<TabletOutlined style={{ color: '#1677ff' }} />}
        title={t('documents.signing.waiting')}
        subTitle={t('documents.signing.waitingHint')}
        extra={
          <Space wrap style={{ justifyContent: 'center' }}>
            <Spin size="small" />
            <Button onClick={() => setHere(true)} data-testid="sign-here">{t('documents.signing.signHereButton')}</Button>
            <Button danger loading={withdrawing} onClick={() => void withdraw()} data-testid="signature-withdraw">{t('documents.signing.withdraw')}</Button>
          </Space>
        }
        data-testid="signature-waiting"
      />
    )
  }
  return (
    <Modal open title={document.data?.title} footer={<Button onClick={onClose}>{t('documents.signing.close')}</Button>} onCancel={onClose} destroyOnHidden data-testid="signature-request">
      {body}
    </Modal>
  )
}
