import { useMemo, useState } from 'react'
import { Card, Col, Grid, Modal, Row, Select, Statistic, Table, Tag, Typography, type TableColumnsType } from 'antd'
import { FileOutlined, FilePdfOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { client } from '../../api/client'
import { Link } from 'react-router'
import { type Media, type MediaKind, type MediaOwnerType } from '../../../../server/src/services/customers/media/media.shared'
import { mediaKinds, patientOwnerTypes } from '../../../../server/src/services/customers/media/media-types.shared'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { FetchError } from '../../components/FetchError'
import { PageHeader } from '../../components/PageHeader'
import { useFormat } from '../../i18n/format'
import { CustomerPicker } from '../customer/CustomerPicker'
import type { CustomerRecord } from '../customers/customer-types'
import { MediaViewer } from './MediaViewer'
import { DicomDetails } from './DicomDetails'
import { formatBytes, mediaHref } from './media-upload'
import './media.css'

const PAGE = 50

/**
 * `/company/media`: every file of the company the caller may see, filtered by kind, branch,
 * patient and what it is attached to, with the totals of `media-summary`; an image opens in the
 * viewer (compared with the same patient's images), a PDF in the browser, a DICOM file's header.
 */
export default function CompanyMediaPage() {
  const { t } = useTranslation()
  const format = useFormat()
  const phone = !Grid.useBreakpoint().md
  const canSummary = useCan('media-summary', 'view')
  const [kind, setKind] = useState<MediaKind | undefined>()
  const [ownerType, setOwnerType] = useState<MediaOwnerType | undefined>()
  const [branchId, setBranchId] = useState<string | undefined>()
  const [customer, setCustomer] = useState<CustomerRecord | null>(null)
  const [page, setPage] = useState(1)
  const [viewing, setViewing] = useState<Media | null>(null)
  const [dicom, setDicom] = useState<Media | null>(null)
  const branches = useFind('branches', { $limit: 500 })
  const summary = useQuery({
    // Under media's find key: every file event refreshes the totals too (live.ts).
    queryKey: ['media', 'find', 'summary', customer?._id ?? null],
    queryFn: () => client.service('media-summary').find({ query: customer ? { customerId: customer._id } : {} }),
    enabled: canSummary
  })
  const query = {
    ...(kind ? { kind } : {}),
    ...(ownerType ? { ownerType } : {}),
    ...(branchId ? { branchId } : {}),
    ...(customer ? { customerId: customer._id } : {}),
    $sort: { createdAt: -1 },
    $limit: PAGE,
    $skip: (page - 1) * PAGE
  }
  const files = useFind('media', query)
  const patientImages = useFind('media', { customerId: viewing?.customerId ?? '', kind: 'image', $sort: { createdAt: -1 }, $limit: 200 }, viewing !== null)
  const branchNames = useMemo(() => new Map((branches.data?.data ?? []).map((branch) => [branch._id, branch.name])), [branches.data])
  const units = { b: t('media.units.b'), kb: t('media.units.kb'), mb: t('media.units.mb'), gb: t('media.units.gb') }
  const bytes = (value: number) => formatBytes(value, format.number, units)
  const data = summary.data

  const open = (media: Media) => {
    if (media.kind === 'image') setViewing(media)
    else if (media.kind === 'dicom') setDicom(media)
    else if (media.links) window.open(mediaHref(media.links.file), '_blank', 'noopener')
  }

  const columns: TableColumnsType<Media> = [
    {
      key: 'preview',
      width: 72,
      render: (_, media) =>
        media.links?.thumbnail ? <img className="media-table-thumb" src={mediaHref(media.links.thumbnail)} alt="" width={56} height={42} style={{ objectFit: 'cover', borderRadius: 4 }} /> : media.kind === 'pdf' ? <FilePdfOutlined style={{ fontSize: 28 }} /> : <FileOutlined style={{ fontSize: 28 }} />
    },
    {
      key: 'title',
      title: t('media.columns.title'),
      render: (_, media) => (
        <div>
          <Typography.Text>{media.title}</Typography.Text>
          <br />
          <Link to={`/customer/${media.customerId}`} onClick={(event) => event.stopPropagation()}>
            {t('media.columns.patientCard')}
          </Link>
        </div>
      )
    },
    ...(phone
      ? []
      : ([
          { key: 'owner', title: t('media.columns.owner'), render: (_: unknown, media: Media) => <Tag>{t(`media.owners.${media.ownerType}`)}</Tag> },
          { key: 'kind', title: t('media.columns.kind'), render: (_: unknown, media: Media) => t(`media.kinds.${media.kind}`) },
          { key: 'branch', title: t('media.columns.branch'), render: (_: unknown, media: Media) => branchNames.get(media.branchId) ?? '—' }
        ] as TableColumnsType<Media>)),
    { key: 'size', title: t('media.columns.size'), render: (_, media) => <span style={{ whiteSpace: 'nowrap' }}>{bytes(media.size)}</span>, align: 'right' },
    { key: 'date', title: t('media.columns.date'), render: (_, media) => format.date(media.createdAt) }
  ]

  return (
    <div className="page">
      <PageHeader title={t('media.companyTitle')} subtitle={t('media.companySubtitle')} />
      {canSummary && data && (
        <Row gutter={[12, 12]} style={{ marginBottom: 16 }}>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('media.summary.files')} value={data.count} formatter={(value) => format.number(Number(value))} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('media.summary.bytes')} value={bytes(data.bytes)} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Statistic title={t('media.summary.stored')} value={bytes(data.storedBytes)} />
            </Card>
          </Col>
          <Col xs={12} md={6}>
            <Card size="small">
              <Typography.Text type="secondary">{t('media.summary.byOwner')}</Typography.Text>
              <div>
                {data.byOwnerType.length === 0 ? '—' : data.byOwnerType.map((row) => (
                  <div key={row.key} style={{ fontSize: 12 }}>
                    {t(`media.owners.${row.key}`)}: {format.number(row.count)} · {bytes(row.bytes)}
                  </div>
                ))}
              </div>
            </Card>
          </Col>
        </Row>
      )}
      <div className="media-filters" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, marginBottom: 12 }}>
        <Select allowClear style={{ minWidth: 150 }} placeholder={t('media.filters.kind')} value={kind} onChange={(value) => { setKind(value); setPage(1) }} options={mediaKinds.map((value) => ({ value, label: t(`media.kinds.${value}`) }))} aria-label={t('media.filters.kind')} />
        <Select allowClear style={{ minWidth: 170 }} placeholder={t('media.filters.owner')} value={ownerType} onChange={(value) => { setOwnerType(value); setPage(1) }} options={patientOwnerTypes.map((value) => ({ value, label: t(`media.owners.${value}`) }))} aria-label={t('media.filters.owner')} />
        <Select allowClear style={{ minWidth: 170 }} placeholder={t('media.filters.branch')} value={branchId} onChange={(value) => { setBranchId(value); setPage(1) }} options={(branches.data?.data ?? []).map((branch) => ({ value: branch._id, label: branch.name }))} aria-label={t('media.filters.branch')} />
        <div style={{ minWidth: 240, flex: '1 1 240px', maxWidth: 360 }}>
          <CustomerPicker value={customer} onChange={(value) => { setCustomer(value); setPage(1) }} placeholder={t('media.filters.patient')} testId="media-patient-filter" />
        </div>
      </div>
      {files.error ? (
        <FetchError error={files.error} onRetry={() => void files.refetch()} />
      ) : (
        <Table<Media>
          rowKey="_id"
          size="small"
          loading={files.isFetching && !files.data}
          dataSource={files.data?.data ?? []}
          columns={columns}
          locale={{ emptyText: t('media.empty') }}
          pagination={{ current: page, pageSize: PAGE, total: files.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
          onRow={(media) => ({ onClick: () => open(media), style: { cursor: 'pointer' } })}
        />
      )}
      {viewing && <MediaViewer images={patientImages.data?.data ?? [viewing]} openId={viewing._id} onClose={() => setViewing(null)} />}
      {dicom && (
        <Modal open title={dicom.title} onCancel={() => setDicom(null)} footer={null}>
          <DicomDetails media={dicom} />
        </Modal>
      )}
    </div>
  )
}
