import { useMemo, useRef, useState, type PointerEvent } from 'react'
import { Button, Modal, Select, Slider, Space, Tooltip, Typography } from 'antd'
import { CloseOutlined, RotateRightOutlined, UndoOutlined, ZoomInOutlined, ZoomOutOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { Media } from '../../../../server/src/services/customers/media/media.shared'
import { useFormat } from '../../i18n/format'
import { mediaHref } from './media-upload'
import './media.css'

interface View {
  zoom: number
  x: number
  y: number
  rotate: number
  brightness: number
  contrast: number
}

const START: View = { zoom: 1, x: 0, y: 0, rotate: 0, brightness: 100, contrast: 100 }
const MIN_ZOOM = 0.25
const MAX_ZOOM = 8

/**
 * Full-screen viewer of a patient's images: zoom (buttons, slider, wheel), pan (drag), rotate,
 * brightness and contrast; "compare" puts a second image of the same patient beside the first,
 * both under the same view so the same region lines up.
 */
export function MediaViewer({ images, openId, onClose }: { images: Media[]; openId: string; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const [view, setView] = useState<View>(START)
  const [firstId, setFirstId] = useState(openId)
  const [secondId, setSecondId] = useState<string | null>(null)
  const drag = useRef<{ x: number; y: number; startX: number; startY: number } | null>(null)
  const byId = useMemo(() => new Map(images.map((image) => [image._id, image])), [images])
  const first = byId.get(firstId) ?? images[0]
  const second = secondId ? byId.get(secondId) : undefined
  const options = images.map((image) => ({ value: image._id, label: `${image.title} · ${format.date(image.createdAt)}` }))
  const zoomBy = (factor: number) => setView((current) => ({ ...current, zoom: Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, current.zoom * factor)) }))

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId)
    drag.current = { x: event.clientX, y: event.clientY, startX: view.x, startY: view.y }
  }
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current
    if (!start) return
    setView((current) => ({ ...current, x: start.startX + event.clientX - start.x, y: start.startY + event.clientY - start.y }))
  }
  const onPointerUp = () => {
    drag.current = null
  }

  const pane = (image: Media | undefined, side: 'left' | 'right') =>
    image && (
      <div
        className="media-viewer-pane"
        data-testid={`viewer-pane-${side}`}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerUp}
        onWheel={(event) => zoomBy(event.deltaY < 0 ? 1.1 : 1 / 1.1)}
      >
        <img
          src={image.links ? mediaHref(image.links.file) : undefined}
          alt={image.title}
          draggable={false}
          style={{
            transform: `translate(${view.x}px, ${view.y}px) scale(${view.zoom}) rotate(${view.rotate}deg)`,
            filter: `brightness(${view.brightness}%) contrast(${view.contrast}%)`
          }}
        />
        <div className="media-viewer-caption">
          {image.title} · {format.date(image.createdAt)}
        </div>
      </div>
    )

  return (
    <Modal open onCancel={onClose} footer={null} closable={false} width="100vw" className="media-viewer" title={null} destroyOnHidden>
      <div className="media-viewer-bar">
        <Select className="media-viewer-pick" value={first?._id} options={options} onChange={setFirstId} aria-label={t('media.viewer.first')} />
        <Select
          className="media-viewer-pick"
          allowClear
          value={secondId ?? undefined}
          placeholder={t('media.viewer.compareWith')}
          options={options.filter((option) => option.value !== first?._id)}
          onChange={(value) => setSecondId(value ?? null)}
          aria-label={t('media.viewer.compareWith')}
          data-testid="viewer-compare"
        />
        <Space wrap size={4}>
          <Tooltip title={t('media.viewer.zoomOut')}>
            <Button icon={<ZoomOutOutlined />} onClick={() => zoomBy(1 / 1.25)} aria-label={t('media.viewer.zoomOut')} />
          </Tooltip>
          <Typography.Text className="media-viewer-zoom">{Math.round(view.zoom * 100)}%</Typography.Text>
          <Tooltip title={t('media.viewer.zoomIn')}>
            <Button icon={<ZoomInOutlined />} onClick={() => zoomBy(1.25)} aria-label={t('media.viewer.zoomIn')} />
          </Tooltip>
          <Tooltip title={t('media.viewer.rotate')}>
            <Button icon={<RotateRightOutlined />} onClick={() => setView((current) => ({ ...current, rotate: (current.rotate + 90) % 360 }))} aria-label={t('media.viewer.rotate')} />
          </Tooltip>
          <Tooltip title={t('media.viewer.reset')}>
            <Button icon={<UndoOutlined />} onClick={() => setView(START)} aria-label={t('media.viewer.reset')} />
          </Tooltip>
        </Space>
        <label className="media-viewer-slider">
          <span>{t('media.viewer.brightness')}</span>
          <Slider min={20} max={250} value={view.brightness} onChange={(brightness) => setView((current) => ({ ...current, brightness }))} ariaLabelForHandle={t('media.viewer.brightness')} />
        </label>
        <label className="media-viewer-slider">
          <span>{t('media.viewer.contrast')}</span>
          <Slider min={20} max={300} value={view.contrast} onChange={(contrast) => setView((current) => ({ ...current, contrast }))} ariaLabelForHandle={t('media.viewer.contrast')} />
        </label>
        <Button className="media-viewer-close" icon={<CloseOutlined />} onClick={onClose} aria-label={t('media.viewer.close')} />
      </div>
      <div className={second ? 'media-viewer-stage media-viewer-compare' : 'media-viewer-stage'}>
        {pane(first, 'left')}
        {pane(second, 'right')}
      </div>
    </Modal>
  )
}
