import { useState } from 'react'
import { Button, Modal, Typography } from 'antd'
import { LinkOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { toast } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import type { PayLinkLanguage } from '../../../../server/src/services/billing/online-payments/online-payments.shared'
import type { InvoiceRow } from './billing-types'

/** The checkout's language from the interface's (Payme speaks ru, uz and en). */
const checkoutLanguage = (language: string): PayLinkLanguage => (language.startsWith('ru') ? 'ru' : language.startsWith('uz') ? 'uz' : 'en')

/**
 * "Pay link" on an open invoice with something left to pay: shown only when the clinic has an
 * online payment account (the link is asked for when the drawer opens; no account, no button).
 * The dialog shows the link to copy and send; the payment lands in the ledger by itself.
 */
export function PayLinkButton({ invoice }: { invoice: InvoiceRow }) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const [open, setOpen] = useState(false)
  const lang = checkoutLanguage(i18n.language)
  const link = useQuery({
    // Under the invoices' key: a payment or an invoice event asks for the link again (the amount changes).
    queryKey: ['invoices', 'find', 'pay-link', invoice._id, invoice.due, lang],
    queryFn: () => client.service('online-payments').get(invoice._id, { query: { lang } }),
    retry: false,
    staleTime: 60_000
  })
  if (!link.data) return null
  const url = link.data.url
  const copy = async () => {
    await navigator.clipboard.writeText(url)
    toast.success(t('billing.linkCopied'))
  }
  return (
    <>
      <Button icon={<LinkOutlined />} onClick={() => setOpen(true)} data-testid="invoice-pay-link">{t('billing.payLink')}</Button>
      {open && (
        <Modal
          open
          title={t('billing.payLinkTitle')}
          onCancel={() => setOpen(false)}
          footer={[
            <Button key="close" onClick={() => setOpen(false)}>{t('billing.close')}</Button>,
            <Button key="copy" type="primary" onClick={() => void copy()} data-testid="pay-link-copy">{t('billing.copyLink')}</Button>
          ]}
          data-testid="pay-link-dialog"
        >
          <Typography.Paragraph>{t('billing.payLinkHint', { amount: format.money(link.data.amount, currency) })}</Typography.Paragraph>
          <Typography.Paragraph code className="billing-pay-link" data-testid="pay-link-url">{url}</Typography.Paragraph>
        </Modal>
      )}
    </>
  )
}
