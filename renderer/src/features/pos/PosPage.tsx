import { useEffect, useState } from 'react'
import { Empty, Tag, Typography } from 'antd'
import { useTranslation } from 'react-i18next'
import { useCurrentBranch } from '../../api/branch'
import { PageHeader } from '../../components/PageHeader'
import { PageLoading } from '../../components/PageLoading'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { useCurrency } from '../appointments/useCalendarSettings'
import { CartPanel } from './CartPanel'
import { Receipt, type ReceiptFacts } from './Receipt'
import { formatPhone } from '../../../../domain/validation/phone'
import { patientName, type PosCartVisit } from './pos-types'
import { useWaitingVisits } from './usePos'
import './pos.css'

/**
 * /pos, the front desk's checkout: on the left today's visits of the branch waiting for payment
 * (live), on the right the chosen patient's cart with a split payment; after paying, a receipt
 * to print. Everything works from the keyboard: Tab through, Enter pays, Esc closes.
 */
export default function PosPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const branchId = useCurrentBranch()
  const visits = useWaitingVisits(branchId)
  const [chosen, setChosen] = useState<PosCartVisit | null>(null)
  const [receipt, setReceipt] = useState<ReceiptFacts | null>(null)

  // Esc closes the receipt, else the open cart.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return
      if (document.querySelector('.ant-select-dropdown:not(.ant-select-dropdown-hidden)')) return
      if (receipt) setReceipt(null)
      else setChosen(null)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [receipt])

  const money = (minor: number) => <span className="pos-money">{format.money(minor, currency)}</span>

  if (receipt) return <Receipt facts={receipt} onClose={() => { setReceipt(null); setChosen(null) }} />

  const list = visits.data?.data ?? []
  return (
    <div className="pos-page">
      <PageHeader title={t('pos.title')} subtitle={visits.data ? format.date(`${visits.data.date}T12:00:00`) : undefined} />
      <div className={`pos-grid${chosen ? ' pos-grid-open' : ''}`}>
        <section className="pos-list" aria-label={t('pos.waiting')}>
          <Typography.Title level={2} className="pos-section-title">{t('pos.waiting')}</Typography.Title>
          {visits.isPending ? <PageLoading /> : visits.isError ? <FetchError error={visits.error} onRetry={() => void visits.refetch()} /> : list.length === 0 ? (
            <Empty description={t('pos.noneWaiting')} />
          ) : (
            <ul className="pos-visits" data-testid="pos-visits">
              {list.map((visit) => (
                <li key={visit.appointmentId}>
                  <button
                    type="button"
                    className={`pos-visit${chosen?.appointmentId === visit.appointmentId ? ' pos-visit-chosen' : ''}`}
                    aria-pressed={chosen?.appointmentId === visit.appointmentId}
                    onClick={() => setChosen(visit)}
                    data-testid="pos-visit"
                  >
                    <span className="pos-visit-time">{visit.time}</span>
                    <span className="pos-visit-who">
                      <strong>{patientName(visit.customer)}</strong>
                      <span className="pos-visit-meta">{[visit.customer.phone ? formatPhone(visit.customer.phone) : null, visit.doctorName].filter(Boolean).join(' · ')}</span>
                    </span>
                    <span className="pos-visit-money">
                      {money(visit.uninvoicedTotal + visit.invoicesDue)}
                      {visit.debt > 0 && <Tag color="red">{t('pos.debt')}: {format.money(visit.debt, currency)}</Tag>}
                      {visit.balance > 0 && <Tag color="green">{t('pos.balance')}: {format.money(visit.balance, currency)}</Tag>}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </section>
        <section className="pos-cart" aria-label={t('pos.cart')}>
          {chosen ? (
            <CartPanel key={chosen.appointmentId} visit={chosen} onPaid={setReceipt} onClose={() => setChosen(null)} />
          ) : (
            <Empty className="pos-cart-empty" description={t('pos.choose')} />
          )}
        </section>
      </div>
    </div>
  )
}
