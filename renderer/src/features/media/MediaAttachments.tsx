import { useMemo, useRef, useState } from 'react'
import { Button, Card, Empty, Modal, Popconfirm, Progress, Space, Tooltip, Typography, Upload } from 'antd'
import { DeleteOutlined, DownloadOutlined, FileOutlined, FilePdfOutlined, InboxOutlined, UploadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { type Media, type MediaOwnerType } from '../../../../server/src/services/customers/media/media.shared'
import { mediaOwnerResource } from '../../../../server/src/services/customers/media/media-types.shared'
import { useFind, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { errorMessage, toast } from '../../app/toasts'
import { FetchError } from '../../components/FetchError'
import { useFormat } from '../../i18n/format'
import { MediaViewer } from './MediaViewer'
import { DicomDetails } from './DicomDetails'
import { formatBytes, mediaHref, uploadMedia, UploadError } from './media-upload'
import './media.css'

/** Files of one owner read at once (a patient's images over years stay well below). */
const FILES = 200
const ACCEPT = '.jpg,.jpeg,.png,.webp,.pdf,.dcm,.dicom,image/jpeg,image/png,image/webp,application/pdf,application/dicom'

interface Uploading {
  key: string
  name: string
  share: number
}

export interface MediaOwner {
  type: MediaOwnerType
  id: string
  /** The owner's patient; none for an expense (its files are listed with it alone). */
  customerId?: string
}

/** The message of a failed upload: its code translated, with the size limit where it has one. */
export function uploadErrorText(error: unknown, t: (key: string, options?: Record<string, unknown>) => string): string {
  if (error instanceof UploadError) {
    const code = String(error.data.code ?? 'something-went-wrong')
    return t(`errors.${code}`, { limit: error.data.limit })
  }
  return errorMessage(error)
}

/**
 * The files of one record (a patient, an X-ray, an exam, a plan, an expense): thumbnails, upload
 * by button or by dropping files (each with its progress), open an image in the viewer (compare
 * with the patient's other images; an expense's with its own), open a PDF, download, remove (to
 * the trash). Who may do what follows the owner's permission, as the server decides.
 */
export function MediaAttachments({ owner, title }: { owner: MediaOwner; title?: string }) {
  const { t } = useTranslation()
  const format = useFormat()
  const resource = mediaOwnerResource[owner.type]
  const canEdit = useCan(resource, 'edit')
  const patient = owner.customerId ? { customerId: owner.customerId } : {}
  const files = useFind('media', { ...patient, ownerType: owner.type, ownerId: owner.id, $sort: { createdAt: -1 }, $limit: FILES })
  // The viewer compares with the patient's other images; without a patient, with the owner's own.
  const images = useFind('media', { customerId: owner.customerId ?? '', kind: 'image', $sort: { createdAt: -1 }, $limit: FILES }, owner.customerId !== undefined)
  const remove = useRemove('media')
  const [uploads, setUploads] = useState<Uploading[]>([])
  const [viewing, setViewing] = useState<string | null>(null)
  const [dicom, setDicom] = useState<Media | null>(null)
  const counter = useRef(0)
  const list = useMemo(() => files.data?.data ?? [], [files.data])
  const units = { b: t('media.units.b'), kb: t('media.units.kb'), mb: t('media.units.mb'), gb: t('media.units.gb') }

  async function send(file: File) {
    counter.current += 1
    const key = `${counter.current}`
    setUploads((current) => [...current, { key, name: file.name, share: 0 }])
    try {
      await uploadMedia(owner, file, (share) => setUploads((current) => current.map((item) => (item.key === key ? { ...item, share } : item))))
      toast.success(t('media.uploaded', { name: file.name }))
      void files.refetch()
      if (owner.customerId) void images.refetch()
    } catch (error) {
      toast.error(`${file.name}: ${uploadErrorText(error, t)}`)
    } finally {
      setUploads((current) => current.filter((item) => item.key !== key))
    }
  }

  const open = (media: Media) => {
    if (media.kind === 'image') setViewing(media._id)
    else if (media.kind === 'dicom') setDicom(media)
    else if (media.links) window.open(mediaHref(media.links.file), '_blank', 'noopener')
  }

  const tile = (media: Media) => (
    <div className="media-tile" key={media._id} data-testid="media-tile">
      <button type="button" className="media-tile-preview" onClick={() => open(media)} aria-label={t('media.open', { name: media.title })}>
        {media.links?.thumbnail ? <img src={mediaHref(media.links.thumbnail)} alt={media.title} loading="lazy" /> : media.kind === 'pdf' ? <FilePdfOutlined /> : <FileOutlined />}
      </button>
      <div className="media-tile-body">
        <Typography.Text className="media-tile-title" title={media.title}>
          {media.title}
        </Typography.Text>
        <Typography.Text type="secondary" style={{ fontSize: 12 }}>
          {t(`media.kinds.${media.kind}`)} · {formatBytes(media.size, format.number, units)} · {format.date(media.createdAt)}
        </Typography.Text>
      </div>
      <div className="media-tile-actions">
        {media.links && (
          <Tooltip title={t('media.download')}>
            <Button size="small" type="text" icon={<DownloadOutlined />} href={`${mediaHref(media.links.file)}&download=1`} aria-label={t('media.download')} />
          </Tooltip>
        )}
        {canEdit && (
          <Popconfirm title={t('media.removeConfirm')} okText={t('media.remove')} cancelText={t('common.cancel')} onConfirm={() => remove(media._id).catch((error: unknown) => toast.error(errorMessage(error)))}>
            <Tooltip title={t('media.remove')}>
              <Button size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('media.remove')} />
            </Tooltip>
          </Popconfirm>
        )}
      </div>
    </div>
  )

  return (
    <Card
      size="small"
      className="media-attachments"
      title={title ?? t('media.title')}
      extra={
        canEdit && (
          <Upload accept={ACCEPT} multiple showUploadList={false} customRequest={({ file }) => void send(file as File)}>
            <Button icon={<UploadOutlined />} data-testid="media-upload">
              {t('media.upload')}
            </Button>
          </Upload>
        )
      }
    >
      {uploads.length > 0 && (
        <Space orientation="vertical" className="media-uploads" style={{ width: '100%' }}>
          {uploads.map((item) => (
            <div key={item.key}>
              <Typography.Text>{item.name}</Typography.Text>
              <Progress percent={Math.round(item.share * 100)} size="small" />
            </div>
          ))}
        </Space>
      )}
      {files.error ? (
        <FetchError error={files.error} onRetry={() => void files.refetch()} />
      ) : (
        <>
          {canEdit && (
            <Upload.Dragger accept={ACCEPT} multiple showUploadList={false} customRequest={({ file }) => void send(file as File)} className="media-drop">
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-hint">{t('media.dropHint')}</p>
            </Upload.Dragger>
          )}
          {list.length > 0 ? (
            <div className="media-attachments-grid" style={{ marginTop: canEdit ? 12 : 0 }}>
              {list.map(tile)}
            </div>
          ) : (
            !files.isFetching && !canEdit && <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('media.empty')} />
          )}
        </>
      )}
      {viewing && <MediaViewer images={(owner.customerId && images.data?.data) || list.filter((media) => media.kind === 'image')} openId={viewing} onClose={() => setViewing(null)} />}
      {dicom && (
        <Modal open title={dicom.title} onCancel={() => setDicom(null)} footer={null}>
          <DicomDetails media={dicom} />
        </Modal>
      )}
    </Card>
  )
}
