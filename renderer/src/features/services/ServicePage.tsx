import { useEffect, useState } from 'react'
import { Alert, Button, Card, Descriptions, Form, Popconfirm, Space, Tag } from 'antd'
import { ArrowLeftOutlined, DeleteOutlined, InboxOutlined, UndoOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useParams } from 'react-router'
import { useGet } from '../../api/live'
import { useCan } from '../../api/permissions'
import { useSignedIn } from '../../api/session-store'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { showServerError } from '../../components/form-errors'
import { useFormat } from '../../i18n/format'
import { toast } from '../../app/toasts'
import { ColorDot } from '../customers/ColorDot'
import { useCalendarSettings } from '../schedule/useCalendarSettings'
import { servicePath} from './catalogue-types'
import { serviceFormFields, serviceToForm, type ServiceFormValues } from './service-form'
import { ServiceFields } from './ServiceFields'
import { removeService, setArchived } from './ServiceActions'
import { saveService, useCategories, useDurationText } from './useCatalogue'
import './catalogue.css'

/** /company/services/:serviceId: one service, edited in place (read-only without `edit`). */
export default function ServicePage() {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const { serviceId } = useParams()
  const record = useGet(servicePath, serviceId)
  const { categories } = useCategories()
  const calendar = useCalendarSettings()
  const canEdit = useCan('service', 'edit')
  const canDelete = useCan('service', 'delete')
  const [form] = Form.useForm<ServiceFormValues>()
  const [busy, setBusy] = useState(false)
  const format = useFormat()
  const { company } = useSignedIn()
  const duration = useDurationText()

  useEffect(() => {
    // Refill when the record changes (here or on another screen), unless a save is in flight.
    if (record.data && !busy) form.setFieldsValue(serviceToForm(record.data, { duration: 30 }))
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [record.data, form])

  async function save(values: ServiceFormValues) {
    if (!record.data) return
    setBusy(true)
    try {
      await saveService({ ...values, archived: record.data.archived }, record.data, record.data.rank)
      await record.refetch()
      toast.success(t('common.saved'))
    } catch (error) {
      showServerError(form, error, serviceFormFields)
    } finally {
      setBusy(false)
    }
  }

  if (record.error) return <FetchError error={record.error} onRetry={() => void record.refetch()} />
  if (!record.data) return <PageLoading />
  const item = record.data
  const category = categories.find((entry) => entry._id === item.categoryId)
  const back = (
    <Link to="/company/services">
      <ArrowLeftOutlined /> {t('services.back')}
    </Link>
  )

  return (
    <>
      <PageHeader
        title={item.name}
        subtitle={back}
        extra={
          <Space wrap>
            {canEdit && (
              <Button
                icon={item.archived ? <UndoOutlined /> : <InboxOutlined />}
                onClick={() => void setArchived(item, !item.archived, item.archived ? t('services.unarchived') : t('services.archived')).then(() => record.refetch())}
              >
                {item.archived ? t('services.unarchive') : t('services.archive')}
              </Button>
            )}
            {canDelete && (
              <Popconfirm
                title={t('services.removeConfirm')}
                description={t('trash.removeHint')}
                okText={t('common.delete')}
                cancelText={t('common.cancel')}
                onConfirm={async () => {
                  if (await removeService(item, t('trash.moved'))) navigate('/company/services')
                }}
              >
                <Button danger icon={<DeleteOutlined />}>
                  {t('common.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        }
      />
      {item.archived && <Alert type="info" showIcon title={t('services.archivedHint')} style={{ marginBottom: 16 }} />}
      {canEdit ? (
        <Card style={{ maxWidth: 820 }}>
          <Form form={form} name="service-page" layout="vertical" requiredMark={false} onFinish={save} disabled={busy} data-testid="service-form">
            <ServiceFields categories={categories} durationStep={calendar.durationStep} />
            <Button type="primary" htmlType="submit" loading={busy} style={{ marginTop: 8 }}>
              {t('common.save')}
            </Button>
          </Form>
        </Card>
      ) : (
        <Card style={{ maxWidth: 820 }}>
          <Descriptions column={{ xs: 1, sm: 2 }} size="small">
            <Descriptions.Item label={t('services.name')}>
              <ColorDot color={item.color} />
              {item.name}
            </Descriptions.Item>
            <Descriptions.Item label={t('services.code')}>{item.code || '—'}</Descriptions.Item>
            <Descriptions.Item label={t('services.category')}>{category?.name ?? t('services.noCategory')}</Descriptions.Item>
            <Descriptions.Item label={t('services.price')}>{format.money(item.price, company.currency)}</Descriptions.Item>
            <Descriptions.Item label={t('services.duration')}>{duration(item.duration)}</Descriptions.Item>
            <Descriptions.Item label={t('services.bufferTime')}>{item.bufferTime ? duration(item.bufferTime) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('services.public')}>{item.public ? <Tag color="green">{t('services.yes')}</Tag> : <Tag>{t('services.no')}</Tag>}</Descriptions.Item>
            <Descriptions.Item label={t('services.staticPrice')}>{item.staticPrice ? t('services.yes') : t('services.no')}</Descriptions.Item>
            <Descriptions.Item label={t('services.staticDuration')}>{item.staticDuration ? t('services.yes') : t('services.no')}</Descriptions.Item>
            <Descriptions.Item label={t('services.description')} span={2}>
              <span style={{ whiteSpace: 'pre-wrap' }}>{item.description || '—'}</span>
            </Descriptions.Item>
          </Descriptions>
        </Card>
      )}
    </>
  )
}
