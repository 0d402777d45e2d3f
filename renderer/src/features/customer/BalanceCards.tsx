import { Card, Col, Row, Statistic } from 'antd'
import { useTranslation } from 'react-i18next'
import { useSignedIn } from '../../api/session-store'
import { useFormat } from '../../i18n/format'
import type { CustomerRecord } from '../customers/customer-types'

/** Large sums ("UZS 12,345,678.00") must fit a half-width card. */
const amount = { fontSize: 20, overflowWrap: 'anywhere' } as const

/** Prepaid balance and debt in the company currency (integer minor units on the server). */
export function BalanceCards({ customer }: { customer: CustomerRecord }) {
  const { t } = useTranslation()
  const format = useFormat()
  const { company } = useSignedIn()
  return (
    <Row gutter={[12, 12]}>
      <Col xs={12}>
        <Card size="small" className="stat-card">
          <Statistic title={t('customer.balance')} value={format.money(customer.balance, company.currency)} styles={{ content: amount }} data-testid="customer-balance" />
        </Card>
      </Col>
      <Col xs={12}>
        <Card size="small" className="stat-card">
          <Statistic
            title={t('customer.debt')}
            value={format.money(customer.debt, company.currency)}
            styles={{ content: customer.debt > 0 ? { ...amount, color: '#cf1322' } : amount }}
            data-testid="customer-debt"
          />
        </Card>
      </Col>
    </Row>
  )
}
