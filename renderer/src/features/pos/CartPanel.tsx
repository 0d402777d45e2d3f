import { useMemo, useState, type FormEvent } from 'react'
import { Alert, Button, Checkbox, Input, Select, Typography } from 'antd'
import { CloseOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { refreshService } from '../../api/live'
import { errorPath } from '../../api/errors'
import { errorMessage, toastError } from '../../app/toasts'
import { useFormat } from '../../i18n/format'
import { PageLoading } from '../../components/PageLoading'
import { FetchError } from '../../components/FetchError'
import { useCurrency } from '../appointments/useCalendarSettings'
import { invoiceTotals, paymentMethods, type PaymentMethod } from '../../../../domain/billing/money'
import { changeOf, isCheckoutProblem, planCheckout } from '../../../../domain/billing/checkout'
import { newClientKey } from '../billing/client-key'
import { minorToInput, parseMinor } from '../billing/money-input'
import type { ReceiptFacts } from './Receipt'
import { MAX_CHECKOUT_PAYMENTS, patientName, type Cart, type CheckoutData, type PosCartVisit } from './pos-types'
import { useCart } from './usePos'
import { useCashBlocked } from '../cash-desk/useCashBlocked'

interface Row {
  method: PaymentMethod
  /** Typed text; null until typed: the first row then offers the whole total. */
  amount: string | null
}

/** The lines and invoices first offered: those of the visit chosen in the list. */
function initialChoice(cart: Cart, visit: PosCartVisit) {
  const lines = new Set(cart.visits.filter((entry) => entry.appointmentId === visit.appointmentId).flatMap((entry) => entry.lines.map((line) => line._id)))
  const invoices = new Set(cart.invoices.filter((invoice) => invoice.appointmentId === visit.appointmentId || visit.invoiceIds.includes(invoice._id)).map((invoice) => invoice._id))
  return { lines, invoices }
}

/**
 * The chosen patient's cart: treatments not invoiced yet (by visit) and open invoices, each with a
 * checkbox; the split payment (the first row offers the total); the cash handed over and its
 * change; the rest optionally put on the balance. Pay (or Enter) sends one checkout; its client
 * key is made when the cart opens and kept across retries, so a repeated send never pays twice.
 */
export function CartPanel({ visit, onPaid, onClose }: { visit: PosCartVisit; onPaid: (facts: ReceiptFacts) => void; onClose: () => void }) {
  const { t, i18n } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const comma = i18n.language !== 'en'
  const cart = useCart(visit.customerId)
  // The company takes cash only into an open shift and this branch has none: a cash row says so and Pay waits.
  const cashBlocked = useCashBlocked()
  // Null until the cashier changes them: the visit's lines and invoices are ticked.
  const [lines, setLines] = useState<Set<string> | null>(null)
  const [invoicesTicked, setInvoices] = useState<Set<string> | null>(null)
  const [rows, setRows] = useState<Row[]>([{ method: 'cash', amount: null }])
  const [cashGiven, setCashGiven] = useState('')
  const [topUp, setTopUp] = useState(false)
  const [clientKey, setClientKey] = useState(newClientKey)
  const [busy, setBusy] = useState(false)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const money = (minor: number) => <span className="pos-money">{format.money(minor, currency)}</span>

  const data = cart.data
  const initial = useMemo(() => (data ? initialChoice(data, visit) : null), [data, visit])
  if (cart.isPending) return <PageLoading />
  if (cart.isError || !data || !initial) return <FetchError error={cart.error} onRetry={() => void cart.refetch()} />

  const chosenLines = lines ?? initial.lines
  const invoices = invoicesTicked ?? initial.invoices
  const visitTotals = data.visits.map((entry) => invoiceTotals(entry.lines.filter((line) => chosenLines.has(line._id)).map((line) => line.amount), data.discountPercent, 0).total)
  const invoicesDue = data.invoices.filter((invoice) => invoices.has(invoice._id)).reduce((sum, invoice) => sum + invoice.due, 0)
  const total = visitTotals.reduce((sum, amount) => sum + amount, 0) + invoicesDue
  const shown = (row: Row) => row.amount ?? (total > 0 ? minorToInput(total, comma) : '')

  const parsed = rows.map((row) => ({ method: row.method, amount: parseMinor(shown(row)) }))
  const amountsValid = parsed.every((row) => row.amount !== undefined && row.amount > 0)
  const split = parsed.map((row) => ({ method: row.method, amount: row.amount ?? 0 }))
  const paid = split.reduce((sum, row) => sum + row.amount, 0)
  const given = cashGiven.trim() === '' ? undefined : parseMinor(cashGiven)
  const change = given === undefined ? 0 : changeOf(split, given)
  const plan = planCheckout([{ invoiceId: 'chosen', due: total }], split, topUp)
  const problem = amountsValid && isCheckoutProblem(plan) ? plan : null
  const nothing = total === 0 && !topUp
  const methods = paymentMethods.filter((method) => method !== 'balance' || data.balance > 0)
  const cashRefused = cashBlocked && rows.some((row) => row.method === 'cash')
  const canPay = !busy && amountsValid && !problem && !nothing && !cashRefused && change !== null && (cashGiven.trim() === '' || given !== undefined)

  const setRow = (index: number, change: Partial<Row>) => {
    setRows((current) => current.map((row, at) => (at === index ? { ...row, ...change } : row)))
  }
  const toggle = (set: Set<string>, id: string, on: boolean) => {
    const next = new Set(set)
    if (on) next.add(id)
    else next.delete(id)
    return next
  }

  async function pay(event?: FormEvent) {
    event?.preventDefault()
    if (!canPay || !data) return
    const treatmentIds = data.visits.flatMap((entry) => entry.lines.filter((line) => chosenLines.has(line._id)).map((line) => line._id))
    const invoiceIds = data.invoices.filter((invoice) => invoices.has(invoice._id)).map((invoice) => invoice._id)
    const body: CheckoutData = {
      clientKey, customerId: visit.customerId,
      ...(treatmentIds.length > 0 ? { treatmentIds } : {}),
      ...(invoiceIds.length > 0 ? { invoiceIds } : {}),
      payments: split,
      ...(given !== undefined ? { cashGiven: given } : {}),
      ...(topUp ? { topUp: true } : {})
    }
    setBusy(true)
    setErrors({})
    try {
      const result = await client.service('cart').create(body)
      // The checkout changed these on the server; their events refresh other desks, this one refreshes now.
      await Promise.all((['pos-cart', 'cart', 'invoices', 'transactions', 'payment-history', 'customers'] as const).map((path) => refreshService(path)))
      setClientKey(newClientKey())
      onPaid({ checkout: result, patient: patientName(visit.customer) })
    } catch (error) {
      const path = errorPath(error)
      const row = path ? /^payments\.(\d+)/.exec(path) : null
      if (row) setErrors({ [`row${row[1]}`]: errorMessage(error) })
      else if (path === 'cashGiven') setErrors({ cashGiven: errorMessage(error) })
      else if (path === 'payments') setErrors({ payments: errorMessage(error) })
      else toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <form className="pos-cart-form" onSubmit={(event) => void pay(event)} data-testid="pos-cart" aria-busy={busy}>
      <div className="pos-cart-head">
        <div>
          <Typography.Title level={2} className="pos-section-title">{patientName(visit.customer)}</Typography.Title>
          <div className="pos-visit-meta">
            {t('pos.balance')}: {money(data.balance)} · {t('pos.debt')}: <span className={data.debt > 0 ? 'pos-debt' : undefined}>{format.money(data.debt, currency)}</span>
            {data.discountPercent > 0 && <> · {t('pos.discount', { percent: data.discountPercent })}</>}
          </div>
        </div>
        <Button type="text" icon={<CloseOutlined />} aria-label={t('pos.closeCart')} onClick={onClose} />
      </div>

      {data.visits.length === 0 && data.invoices.length === 0 && <Alert type="info" showIcon message={t('pos.nothingToPay')} />}
      {data.visits.map((entry) => (
        <fieldset key={entry.appointmentId} className="pos-lines">
          <legend>{t('pos.visitOf', { date: format.date(`${entry.date}T12:00:00`), doctor: entry.doctorName })}</legend>
          {entry.lines.map((line) => (
            <label key={line._id} className="pos-line">
              <Checkbox checked={chosenLines.has(line._id)} onChange={(event) => setLines(toggle(chosenLines, line._id, event.target.checked))} data-testid="pos-line" />
              <span className="pos-line-name">
                {line.serviceName}
                {line.teeth.length > 0 && <span className="pos-visit-meta"> · {line.teeth.map((tooth) => tooth.tooth).join(', ')}</span>}
                {line.quantity > 1 && <span className="pos-visit-meta"> × {line.quantity}</span>}
              </span>
              {money(line.amount)}
            </label>
          ))}
        </fieldset>
      ))}
      {data.invoices.length > 0 && (
        <fieldset className="pos-lines">
          <legend>{t('pos.openInvoices')}</legend>
          {data.invoices.map((invoice) => (
            <label key={invoice._id} className="pos-line">
              <Checkbox checked={invoices.has(invoice._id)} onChange={(event) => setInvoices(toggle(invoices, invoice._id, event.target.checked))} data-testid="pos-invoice" />
              <span className="pos-line-name">{t('billing.invoiceTitle', { number: invoice.number })} <span className="pos-visit-meta">· {format.date(`${invoice.issuedOn}T12:00:00`)}</span></span>
              {money(invoice.due)}
            </label>
          ))}
        </fieldset>
      )}

      <div className="pos-total" data-testid="pos-total">
        <span>{t('pos.total')}</span>
        {money(total)}
      </div>

      <fieldset className="pos-payments">
        <legend>{t('pos.payments')}</legend>
        {rows.map((row, index) => (
          <div key={index} className="pos-payment-row">
            <Select
              aria-label={t('billing.method')}
              value={row.method}
              onChange={(method: PaymentMethod) => setRow(index, { method })}
              options={methods.map((method) => ({ value: method, label: t(`billing.methods.${method}`) }))}
              className="pos-method"
              data-testid="pos-method"
              status={cashBlocked && row.method === 'cash' ? 'error' : undefined}
            />
            <div className="pos-amount">
              <Input
                aria-label={`${t('billing.amount')}, ${currency}`}
                inputMode="decimal"
                autoComplete="off"
                value={shown(row)}
                status={errors[`row${index}`] || (shown(row) !== '' && !parseMinor(shown(row))) ? 'error' : undefined}
                onChange={(event) => setRow(index, { amount: event.target.value })}
                data-testid="pos-amount"
              />
              {(errors[`row${index}`] || (shown(row) !== '' && !parseMinor(shown(row)))) && <div className="pos-field-error" role="alert">{errors[`row${index}`] ?? t('billing.amountInvalid')}</div>}
              {cashBlocked && row.method === 'cash' && !errors[`row${index}`] && <div className="pos-field-error" role="alert" data-testid="pos-cash-blocked">{t('errors.cash-needs-open-shift')}</div>}
            </div>
            {rows.length > 1 && (
              <Button type="text" icon={<DeleteOutlined />} aria-label={t('pos.removeRow')} onClick={() => setRows(rows.map((entry) => ({ ...entry, amount: shown(entry) })).filter((_, at) => at !== index))} />
            )}
          </div>
        ))}
        {rows.length < MAX_CHECKOUT_PAYMENTS && (
          <Button
            icon={<PlusOutlined />}
            onClick={() => {
              const rest = total - paid
              setRows([...rows.map((entry) => ({ ...entry, amount: shown(entry) })), { method: rows.some((row) => row.method === 'card') ? 'cash' : 'card', amount: rest > 0 ? minorToInput(rest, comma) : '' }])
            }}
            data-testid="pos-add-row"
          >
            {t('pos.addRow')}
          </Button>
        )}
      </fieldset>

      <div className="pos-cash">
        <label className="pos-cash-field">
          <span>{t('pos.cashGiven')}, {currency}</span>
          <Input inputMode="decimal" autoComplete="off" value={cashGiven} onChange={(event) => setCashGiven(event.target.value)} status={errors.cashGiven || change === null ? 'error' : undefined} data-testid="pos-cash-given" />
        </label>
        <div className="pos-change" data-testid="pos-change">
          <span>{t('pos.change')}</span>
          {change === null ? <span className="pos-field-error">{errors.cashGiven ?? t('errors.checkout-cash-short')}</span> : money(change)}
        </div>
      </div>

      <Checkbox checked={topUp} onChange={(event) => setTopUp(event.target.checked)} data-testid="pos-top-up">{t('pos.topUp')}</Checkbox>

      <div className="pos-summary">
        <div><span>{t('pos.paying')}</span>{money(paid)}</div>
        {paid < total && <div className="pos-debt"><span>{t('pos.leftAsDebt')}</span>{money(total - paid)}</div>}
        {paid > total && topUp && <div><span>{t('pos.toBalance')}</span>{money(paid - total)}</div>}
      </div>
      {(problem || errors.payments) && <Alert type="error" showIcon message={errors.payments ?? t(`errors.${problem?.code}`)} />}
      {nothing && (data.visits.length > 0 || data.invoices.length > 0) && <Alert type="warning" showIcon message={t('errors.checkout-nothing')} />}

      <Button type="primary" size="large" htmlType="submit" block loading={busy} disabled={!canPay} data-testid="pos-pay">
        {t('pos.pay', { amount: format.money(paid, currency) })}
      </Button>
    </form>
  )
}
