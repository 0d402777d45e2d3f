import { useEffect, useState } from 'react'
import { Button, List, Result, Typography } from 'antd'
import { CheckCircleTwoTone, LogoutOutlined, TabletOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { useFind, useGet } from '../../api/live'
import { useCurrentBranch } from '../../api/branch'
import { useFormat } from '../../i18n/format'
import { customerName } from '../customers/customer-name'
import type { PrintedDocument } from '../../../../server/src/services/documents/documents/documents.shared'
import { SigningScreen } from './SigningScreen'
import './signing.css'

const THANKS_MS = 5000

function PatientName({ customerId }: { customerId: string | null }) {
  const patient = useGet('customers', customerId)
  return <>{patient.data ? customerName(patient.data) : ''}</>
}

/**
 * `/kiosk`: the tablet for signatures (issue 17, item 2). A member of staff signs in on the
 * tablet and leaves it on this page: full screen, no navigation. It waits for documents of the
 * current branch asked to be signed in the last hour (live), opens the newest, and after the
 * signature thanks the patient and waits again.
 */
export default function KioskPage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const format = useFormat()
  const branchId = useCurrentBranch()
  const awaiting = useFind('documents', { status: 'awaiting-signature', ...(branchId ? { branchId } : {}), $sort: { createdAt: -1 }, $limit: 20 })
  const rows = awaiting.data?.data ?? []
  // The one chosen, else the newest request: one signed or withdrawn elsewhere leaves the list.
  const [chosen, setChosen] = useState<string | null>(null)
  const [thanks, setThanks] = useState(false)
  const current = thanks ? null : (rows.find((row) => row._id === chosen) ?? rows[0] ?? null)

  useEffect(() => {
    if (!thanks) return
    const timer = setTimeout(() => setThanks(false), THANKS_MS)
    return () => clearTimeout(timer)
  }, [thanks])

  let body
  if (thanks) {
    body = <Result icon={<CheckCircleTwoTone twoToneColor="#52c41a" />} title={t('documents.signing.thanks')} subTitle={t('documents.signing.thanksHint')} data-testid="kiosk-thanks" />
  } else if (current) {
    body = <SigningScreen key={current._id} document={current} onSigned={() => { setChosen(null); setThanks(true) }} onCancel={rows.length > 1 ? () => setChosen(rows.find((row) => row._id !== current._id)?._id ?? null) : undefined} />
  } else {
    body = (
      <div className="kiosk-waiting" data-testid="kiosk-waiting">
        <TabletOutlined style={{ fontSize: 64, color: '#adc6ff' }} />
        <Typography.Title level={2}>{t('documents.signing.kioskWaiting')}</Typography.Title>
        <Typography.Paragraph type="secondary">{t('documents.signing.kioskWaitingHint')}</Typography.Paragraph>
      </div>
    )
  }

  return (
    <div className="kiosk" data-testid="kiosk">
      <div className="kiosk-header">
        <Typography.Text strong>
          <TabletOutlined /> {t('documents.signing.kioskTitle')}
        </Typography.Text>
        <Button type="text" icon={<LogoutOutlined />} onClick={() => navigate('/')} aria-label={t('documents.signing.kioskExit')}>
          {t('documents.signing.kioskExit')}
        </Button>
      </div>
      {body}
      {!thanks && rows.length > 1 && (
        <List
          className="kiosk-list"
          size="small"
          header={t('documents.signing.kioskQueue', { count: rows.length })}
          dataSource={rows}
          renderItem={(row: PrintedDocument) => (
            <List.Item actions={[<Button key="open" size="small" type={row._id === current?._id ? 'primary' : 'default'} onClick={() => setChosen(row._id)}>{t('documents.signing.open')}</Button>]}>
              <List.Item.Meta title={<><PatientName customerId={row.customerId} /> · {row.title}</>} description={format.dateTime(row.createdAt)} />
            </List.Item>
          )}
        />
      )}
    </div>
  )
}
