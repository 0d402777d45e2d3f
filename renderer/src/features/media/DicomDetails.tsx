import { Button } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { Media } from '../../../../server/src/services/customers/media/media.shared'
import { mediaHref } from './media-upload'

/** A DICOM file is offered as a download, with the header fields read at upload. */
export function DicomDetails({ media }: { media: Media }) {
  const { t } = useTranslation()
  const header = media.dicom
  const studyDate = header?.studyDate && /^\d{8}$/.test(header.studyDate) ? `${header.studyDate.slice(0, 4)}-${header.studyDate.slice(4, 6)}-${header.studyDate.slice(6)}` : header?.studyDate
  const rows: Array<[string, string | number | null | undefined]> = [
    [t('media.dicom.patientName'), header?.patientName],
    [t('media.dicom.studyDate'), studyDate],
    [t('media.dicom.modality'), header?.modality],
    [t('media.dicom.bodyPart'), header?.bodyPart],
    [t('media.dicom.size'), header?.rows && header?.columns ? `${header.columns} × ${header.rows}` : null]
  ]
  return (
    <div className="media-dicom" data-testid="dicom-details">
      <dl>
        {rows.map(([label, value]) => (
          <div key={label} style={{ display: 'contents' }}>
            <dt>{label}</dt>
            <dd>{value || '—'}</dd>
          </div>
        ))}
      </dl>
      {media.links && (
        <Button type="primary" icon={<DownloadOutlined />} href={mediaHref(media.links.file)} style={{ marginTop: 16 }}>
          {t('media.download')}
        </Button>
      )}
    </div>
  )
}
