import { lazy, Suspense, useRef, useState } from 'react'
import { Button, Form, Input, Radio, Space, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { createRecord, useGet } from '../../api/live'
import { toastError } from '../../app/toasts'
import { customerName } from '../customers/customer-name'
import { MAX_DEVICE_FIELD, MAX_SIGNER_NAME, type SignerRole } from '../../../../domain/documents/signing'
import type { PrintedDocument } from '../../../../server/src/services/documents/documents/documents.shared'
import { SignaturePad, type SignaturePadHandle } from './SignaturePad'
import { documentHref } from './usePrint'
import './signing.css'

const PdfPages = lazy(() => import('./PdfPages'))
const DEVICE_KEY = 'clinic.signingDeviceId'

/** This device's id for signatures: made once and kept in the browser (localStorage). */
export function signingDeviceId(): string {
  let id = localStorage.getItem(DEVICE_KEY)
  if (!id) {
    id = crypto.randomUUID()
    localStorage.setItem(DEVICE_KEY, id)
  }
  return id
}

/** A short name of the device for the signed PDF: its platform, as the browser says. */
const deviceName = () => (navigator.platform || navigator.userAgent).slice(0, MAX_DEVICE_FIELD)

/**
 * Signing one document on a tablet (the kiosk) or on this screen: the document's pages, who
 * signs (the patient, or a legal representative by name), the pad, Clear and Sign.
 */
export function SigningScreen({ document, onSigned, onCancel }: { document: PrintedDocument; onSigned: () => void; onCancel?: () => void }) {
  const { t } = useTranslation()
  const pad = useRef<SignaturePadHandle>(null)
  const [drawn, setDrawn] = useState(false)
  const [signer, setSigner] = useState<SignerRole>('patient')
  const [name, setName] = useState('')
  const [busy, setBusy] = useState(false)
  const patient = useGet('customers', document.customerId)
  const patientName = patient.data ? customerName(patient.data) : ''
  const nameMissing = signer === 'representative' && !name.trim()

  async function sign() {
    if (!pad.current || !drawn || nameMissing) return
    setBusy(true)
    try {
      await createRecord('document-signatures', [
        {
          documentId: document._id,
          signer,
          ...(signer === 'representative' ? { signerName: name.trim() } : {}),
          strokes: pad.current.strokes(),
          image: pad.current.image(),
          deviceId: signingDeviceId(),
          deviceName: deviceName()
        }
      ])
      onSigned()
    } catch (error) {
      toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div className="signing-screen" data-testid="signing-screen">
      <Typography.Title level={3} style={{ marginTop: 0 }}>{document.title}</Typography.Title>
      {patientName && <Typography.Paragraph type="secondary">{t('documents.signing.forPatient', { name: patientName })}</Typography.Paragraph>}
      <div className="signing-document">
        <Suspense fallback={null}>
          <PdfPages url={documentHref(document)} />
        </Suspense>
      </div>
      <div className="signing-form">
        <Form layout="vertical" requiredMark={false}>
          <Form.Item label={t('documents.signing.signer')}>
            <Radio.Group value={signer} onChange={(event) => setSigner(event.target.value as SignerRole)} optionType="button" buttonStyle="solid" data-testid="signer-role">
              <Radio.Button value="patient">{t('documents.signing.roles.patient')}</Radio.Button>
              <Radio.Button value="representative">{t('documents.signing.roles.representative')}</Radio.Button>
            </Radio.Group>
          </Form.Item>
          {signer === 'representative' && (
            <Form.Item label={t('documents.signing.representativeName')} required>
              <Input value={name} maxLength={MAX_SIGNER_NAME} onChange={(event) => setName(event.target.value)} data-testid="signer-name" size="large" />
            </Form.Item>
          )}
          <Form.Item label={t('documents.signing.signHere')} extra={t('documents.signing.signHint')}>
            <SignaturePad ref={pad} onDrawnChange={setDrawn} ariaLabel={t('documents.signing.signHere')} />
          </Form.Item>
        </Form>
        <Space wrap>
          <Button size="large" onClick={() => pad.current?.clear()} data-testid="signature-clear">{t('documents.signing.clear')}</Button>
          <Button size="large" type="primary" disabled={!drawn || nameMissing} loading={busy} onClick={() => void sign()} data-testid="signature-sign">
            {t('documents.signing.sign')}
          </Button>
          {onCancel && <Button size="large" type="text" onClick={onCancel}>{t('common.cancel')}</Button>}
        </Space>
      </div>
    </div>
  )
}
