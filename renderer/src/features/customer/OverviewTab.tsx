import { lazy, Suspense } from 'react'
import { Col, Row, Space } from 'antd'
import type { CustomerRecord } from '../customers/customer-types'
import { useCustomerLookups } from '../customers/useCustomerLookups'
import { useCustomFields } from '../customers/useCustomFields'
import { BalanceCards } from './BalanceCards'
import { ProfileCard } from './ProfileCard'
import { PinnedNotes } from './PinnedNotes'
import { HealthCardSection } from '../health-card/HealthCardSection'
import { useCan } from '../../api/permissions'

/** The patient's files: loaded after the card itself. */
const MediaAttachments = lazy(() => import('../media/MediaAttachments').then((module) => ({ default: module.MediaAttachments })))
/** The patient's printed documents and the print buttons: loaded with their texts. */
const PatientDocuments = lazy(() => import('../documents/PatientDocuments').then((module) => ({ default: module.PatientDocuments })))

/** The overview tab: the profile, the health card (for clinical roles) and the patient's files; money and pinned notes beside. */
export function OverviewTab({ customer }: { customer: CustomerRecord }) {
  const lookups = useCustomerLookups()
  const { fields } = useCustomFields()
  const canSeeFiles = useCan('customers', 'view')
  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={16}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <ProfileCard customer={customer} tags={lookups.tags} sources={lookups.sources} fields={fields} />
          <HealthCardSection customerId={customer._id} />
          {canSeeFiles && (
            <Suspense fallback={null}>
              <MediaAttachments owner={{ type: 'customers', id: customer._id, customerId: customer._id }} />
            </Suspense>
          )}
          <Suspense fallback={null}>
            <PatientDocuments customerId={customer._id} />
          </Suspense>
        </Space>
      </Col>
      <Col xs={24} lg={8}>
        <Space orientation="vertical" size={16} style={{ width: '100%' }}>
          <BalanceCards customer={customer} />
          <PinnedNotes customerId={customer._id} />
        </Space>
      </Col>
    </Row>
  )
}
