import { useEffect, useState } from 'react'
import { Button, Progress, Space, Typography } from 'antd'
import { DownloadOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { errorCode } from '../../api/errors'
import { toastError } from '../../app/toasts'
import { platform } from '../../platform'
import type { ExportColumn, ExportFormat, ExportLabels, ExportableReport, ReportExport } from '../../../../server/src/services/reports/report-exports/report-exports.shared'

/**
 * Under a drill-down's sum, when it has more rows than the drawer shows: "Export all N rows" as
 * CSV or Excel, made on the server in the background (report-exports; docs/decisions/reports.md,
 * "Large exports") with the drawer's own columns and words, its progress as the rows are
 * written, then the file's download link. The bell has the link too.
 */
export function DrillExport({ report, query, columns, labels, title, total, shown }: {
  report: ExportableReport
  query: Record<string, unknown>
  columns: ExportColumn[]
  labels: ExportLabels
  title: string
  total: number
  shown: number
}) {
  const { t } = useTranslation()
  const [job, setJob] = useState<ReportExport | null>(null)
  const [starting, setStarting] = useState(false)
  const service = client.service('report-exports')

  const watching = job && (job.status === 'queued' || job.status === 'running') ? job._id : null
  useEffect(() => {
    if (!watching) return
    const take = (item: ReportExport) => {
      // The signed link comes with a read of one's own export, not with the event.
      if (item.status === 'ready' && !item.link) void service.get(item._id).then(setJob, toastError)
      else setJob(item)
    }
    const heard = (item: ReportExport) => {
      if (item._id === watching) take(item)
    }
    service.on('patched', heard)
    // What happened before this listener was on (a small export may be ready already).
    void service.get(watching).then((item) => {
      if (item.status !== 'queued') take(item)
    }, toastError)
    return () => {
      service.removeListener('patched', heard)
    }
  }, [watching, service])

  if (total <= shown) return null
  const start = async (format: ExportFormat) => {
    setStarting(true)
    try {
      setJob(await service.create({ report, query: query as ReportExport['query'], format, columns, labels, title }))
    } catch (error) {
      toastError(error)
    } finally {
      setStarting(false)
    }
  }
  const cancel = async () => {
    if (!job) return
    try {
      await service.remove(job._id)
      setJob(null)
    } catch (error) {
      toastError(error)
    }
  }

  if (!job || job.status === 'failed') {
    return (
      <div className="reports-drill-export" data-testid="drill-export">
        {job?.status === 'failed' && <Typography.Text type="danger" data-testid="drill-export-failed">{t('reports.rows.exportFailed', { reason: t(`errors.${errorCode({ data: { code: job.errorCode } })}`) })}</Typography.Text>}
        <Space wrap>
          <Typography.Text>{t('reports.rows.exportAll', { count: total })}</Typography.Text>
          {/* The two formats stay side by side when a phone wraps the line. */}
          <Space>
            <Button size="small" icon={<DownloadOutlined />} loading={starting} onClick={() => void start('csv')} data-testid="drill-export-csv">{t('reports.rows.exportCsv')}</Button>
            <Button size="small" icon={<DownloadOutlined />} loading={starting} onClick={() => void start('xlsx')} data-testid="drill-export-xlsx">{t('reports.rows.exportXlsx')}</Button>
          </Space>
        </Space>
        <Typography.Paragraph type="secondary" className="reports-drill-export-hint">{t('reports.rows.exportHint')}</Typography.Paragraph>
      </div>
    )
  }
  if (job.status === 'ready') {
    return (
      <div className="reports-drill-export" data-testid="drill-export">
        <Space wrap>
          <Typography.Text data-testid="drill-export-ready">{t('reports.rows.exportReady', { count: job.done })}</Typography.Text>
          {job.link && (
            <Button type="primary" size="small" icon={<DownloadOutlined />} href={platform.serverUrl() + job.link.file} download data-testid="drill-export-download">
              {t('reports.rows.exportDownload')}
            </Button>
          )}
        </Space>
      </div>
    )
  }
  const percent = job.total > 0 ? Math.floor((job.done * 100) / job.total) : 0
  return (
    <div className="reports-drill-export" data-testid="drill-export">
      <Typography.Text data-testid="drill-export-progress">
        {job.status === 'queued' ? t('reports.rows.exportQueued') : t('reports.rows.exportRunning', { done: job.done, total: job.total })}
      </Typography.Text>
      <Space className="reports-drill-export-bar">
        <Progress percent={percent} size="small" status="active" style={{ width: 240 }} />
        <Button size="small" onClick={() => void cancel()}>{t('reports.rows.exportCancel')}</Button>
      </Space>
    </div>
  )
}
