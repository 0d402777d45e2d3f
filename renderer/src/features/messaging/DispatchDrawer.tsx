import { useEffect, useMemo, useRef, useState } from 'react'
import { Alert, Button, Card, Checkbox, DatePicker, Descriptions, Drawer, Form, Grid, Input, Popconfirm, Progress, Select, Space, Table, Tag, Typography } from 'antd'
import type { TextAreaRef } from 'antd/es/input/TextArea'
import dayjs from 'dayjs'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { client } from '../../api/client'
import { useCreate, useFind, usePatch, useRemove } from '../../api/live'
import { useCan } from '../../api/permissions'
import { showServerError } from '../../components/form-errors'
import { useFormat } from '../../i18n/format'
import { toast } from '../../app/toasts'
import { useCurrency } from '../appointments/useCalendarSettings'
import { customerName } from '../customers/customer-name'
import { orderedChannels } from '../../../../domain/messaging/channel-order'
import { dispatchChannels, dispatchPricedByParts, exclusionReasonsOf, MAX_DISPATCH_TEXT, type DispatchChannel, type Exclusions } from '../../../../domain/messaging/dispatch'
import type { Dispatch } from '../../../../server/src/services/messaging/dispatch/dispatch.shared'
import type { DispatchPreview, DispatchRecipient, DispatchRecipientPage } from '../../../../server/src/services/messaging/dispatcher/dispatcher.shared'
import { outboxStates, type OutboxState } from '../../../../server/src/services/messaging/communications/communications.shared'
import { stateColors } from './CommunicationsList'
import { dispatchData, dispatchFilter, dispatchFormValues, dispatchHandled, dispatchStateColors, type DispatchFormValues } from './dispatch-form'

interface Props {
  dispatch: Dispatch | 'new' | null
  onClose: () => void
  onSaved: (dispatch: Dispatch) => void
}

/** The editor of a new or draft broadcast, or the figures and recipients of one under way or done. */
export function DispatchDrawer({ dispatch, onClose, onSaved }: Props) {
  const { t } = useTranslation()
  const phone = !Grid.useBreakpoint().md
  const editing = dispatch === 'new' || dispatch?.state === 'draft'
  return (
    <Drawer
      open={dispatch !== null}
      width={phone ? '100%' : 640}
      title={dispatch === 'new' ? t('messaging.dispatch.new') : (dispatch?.name ?? '')}
      onClose={onClose}
      destroyOnHidden
      data-testid="dispatch-drawer"
    >
      {dispatch === null ? null : editing ? (
        <DispatchEditor key={dispatch === 'new' ? 'new' : dispatch._id} dispatch={dispatch === 'new' ? null : dispatch} onSaved={onSaved} onClose={onClose} />
      ) : (
        <DispatchDetails dispatch={dispatch as Dispatch} />
      )}
    </Drawer>
  )
}

/** Waits until the value stopped changing for `ms` (the preview is asked once typing pauses). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value)
  const key = JSON.stringify(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms)
    return () => clearTimeout(timer)
    // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by content
  }, [key, ms])
  return settled
}

function DispatchEditor({ dispatch, onSaved, onClose }: { dispatch: Dispatch | null; onSaved: (dispatch: Dispatch) => void; onClose: () => void }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const [form] = Form.useForm<DispatchFormValues>()
  const create = useCreate('dispatch')
  const patch = usePatch('dispatch')
  const remove = useRemove('dispatch')
  const canEdit = useCan('notifications', dispatch ? 'edit' : 'create')
  const canStart = useCan('notifications', 'edit')
  const [busy, setBusy] = useState(false)
  const tags = useFind('tags', { $limit: 500 })
  const text = useRef<TextAreaRef>(null)
  const values = Form.useWatch([], form) as Partial<DispatchFormValues> | undefined

  useEffect(() => {
    form.setFieldsValue(dispatch ? dispatchFormValues(dispatch, (day) => dayjs(day)) : { name: '', channel: 'sms', text: '', tagIds: [], debtors: false, birthdays: null })
  }, [dispatch, form])

  const asked = useSettled({ filter: dispatchFilter(values ?? {}), text: values?.text ?? '', channel: values?.channel ?? dispatch?.channel ?? 'sms' })
  const preview = useQuery({
    queryKey: ['dispatcher', 'create', asked],
    queryFn: () => client.service('dispatcher').create(asked) as Promise<DispatchPreview>,
    enabled: asked.text.trim().length > 0
  })

  function insert(variable: 'patient' | 'clinic') {
    const area = text.current?.resizableTextArea?.textArea
    const current = form.getFieldValue('text') ?? ''
    const at = area?.selectionStart ?? current.length
    form.setFieldValue('text', `${current.slice(0, at)}{{${variable}}}${current.slice(area?.selectionEnd ?? at)}`)
  }

  async function save(start: boolean) {
    let values: DispatchFormValues
    try {
      values = await form.validateFields()
    } catch {
      return
    }
    setBusy(true)
    try {
      const data = dispatchData(values)
      let saved = dispatch ? await patch(dispatch._id, data) : await create(data)
      if (start) saved = await patch(saved._id, { state: 'scheduled' })
      toast.success(t('common.saved'))
      onSaved(saved)
    } catch (error) {
      showServerError(form, error, ['name', 'text'])
    } finally {
      setBusy(false)
    }
  }

  async function drop() {
    if (!dispatch) return
    await remove(dispatch._id)
    onClose()
  }

  const result = preview.data
  // Parts and cost only where SMS go: an SMS broadcast, or by the order when some patients get it by SMS.
  const priced = result ? dispatchPricedByParts(result.channel) && (result.channel === 'sms' || (result.byChannel.sms ?? 0) > 0) : false
  return (
    <Form form={form} layout="vertical" requiredMark={false} disabled={!canEdit || busy} data-testid="dispatch-form">
      <Form.Item name="name" label={t('messaging.dispatch.name')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
        <Input maxLength={200} data-testid="dispatch-name" />
      </Form.Item>
      <Form.Item name="channel" label={t('messaging.dispatch.channel')} extra={channelHint(t, values?.channel)}>
        <Select options={dispatchChannels.map((channel) => ({ value: channel, label: channelLabel(t, channel) }))} data-testid="dispatch-channel" />
      </Form.Item>
      <Form.Item name="text" label={t('messaging.dispatch.text')} extra={t('messaging.dispatch.textHint')} rules={[{ required: true, whitespace: true, message: t('errors.field-required') }]}>
        <Input.TextArea ref={text} autoSize={{ minRows: 3, maxRows: 8 }} maxLength={MAX_DISPATCH_TEXT} data-testid="dispatch-text" />
      </Form.Item>
      <Space wrap style={{ marginTop: -8, marginBottom: 16 }}>
        <Button size="small" onClick={() => insert('patient')}>{t('messaging.dispatch.insertPatient')}</Button>
        <Button size="small" onClick={() => insert('clinic')}>{t('messaging.dispatch.insertClinic')}</Button>
      </Space>
      <Typography.Title level={5}>{t('messaging.dispatch.audience')}</Typography.Title>
      <Form.Item name="tagIds" label={t('messaging.dispatch.tags')}>
        <Select mode="multiple" allowClear placeholder={t('messaging.dispatch.anyTag')} optionFilterProp="label" options={(tags.data?.data ?? []).map((tag) => ({ value: tag._id, label: tag.name }))} data-testid="dispatch-tags" />
      </Form.Item>
      <div className="dispatch-filter-row">
        <Form.Item name="lastVisitAfter" label={t('messaging.dispatch.lastVisitAfter')}>
          <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="lastVisitBefore" label={t('messaging.dispatch.lastVisitBefore')}>
          <DatePicker format="DD.MM.YYYY" style={{ width: '100%' }} />
        </Form.Item>
      </div>
      <div className="dispatch-filter-row">
        <Form.Item name="birthdays" label={t('messaging.dispatch.birthdays')}>
          <DatePicker.RangePicker format="DD.MM" style={{ width: '100%' }} order={false} />
        </Form.Item>
        <Form.Item name="debtors" valuePropName="checked" label=" ">
          <Checkbox data-testid="dispatch-debtors">{t('messaging.dispatch.debtors')}</Checkbox>
        </Form.Item>
      </div>
      <Card size="small" title={t('messaging.dispatch.preview')} loading={preview.isFetching && !result} data-testid="dispatch-preview" style={{ marginBottom: 16 }}>
        {result ? (
          <>
            <Descriptions size="small" column={1} colon={false}>
              <Descriptions.Item label={t('messaging.dispatch.matched')}>{format.number(result.matched)}</Descriptions.Item>
              <Descriptions.Item label={t('messaging.dispatch.recipients')}>
                <Typography.Text strong data-testid="dispatch-recipients">{format.number(result.recipients)}</Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label={t('messaging.dispatch.excluded')}>
                <ExclusionTags channel={result.channel} excluded={result.excluded} />
              </Descriptions.Item>
              {result.channel === 'order' && result.recipients > 0 ? (
                <Descriptions.Item label={t('messaging.dispatch.byChannel')}>
                  <Space wrap size={[4, 4]}>
                    {orderedChannels.filter((channel) => (result.byChannel[channel] ?? 0) > 0).map((channel) => (
                      <Tag key={channel} data-testid={`dispatch-by-${channel}`}>
                        {t(`messaging.channels.${channel}`)}: {format.number(result.byChannel[channel] ?? 0)}
                      </Tag>
                    ))}
                  </Space>
                </Descriptions.Item>
              ) : null}
              {priced ? (
                <>
                  <Descriptions.Item label={t('messaging.dispatch.segments')}>
                    <span data-testid="dispatch-segments">{result.segments}</span>
                  </Descriptions.Item>
                  <Descriptions.Item label={t('messaging.dispatch.cost')}>
                    <Typography.Text strong data-testid="dispatch-cost">{format.money(result.cost, result.currency || currency)}</Typography.Text>
                  </Descriptions.Item>
                </>
              ) : null}
            </Descriptions>
            {!priced ? null : result.segmentPrice === 0 ? (
              <Alert type="info" showIcon title={t('messaging.dispatch.noPrice')} style={{ marginBottom: 8 }} />
            ) : (
              <Typography.Paragraph type="secondary">{t('messaging.dispatch.costHint')}</Typography.Paragraph>
            )}
            <Typography.Text type="secondary">{t('messaging.dispatch.sample')}</Typography.Text>
            <pre className="dispatch-sample" data-testid="dispatch-sample">{result.sample}</pre>
          </>
        ) : (
          <Typography.Text type="secondary">{t('messaging.dispatch.textHint')}</Typography.Text>
        )}
      </Card>
      <Space wrap>
        <Button onClick={() => void save(false)} loading={busy} data-testid="dispatch-save">
          {t('messaging.dispatch.save')}
        </Button>
        {canStart ? (
          <Popconfirm
            title={t('messaging.dispatch.startConfirm', { number: format.number(result?.recipients ?? 0) })}
            okText={t('messaging.dispatch.start')}
            cancelText={t('common.cancel')}
            onConfirm={() => void save(true)}
            disabled={!result || result.recipients === 0}
          >
            <Button type="primary" disabled={!result || result.recipients === 0} loading={busy} data-testid="dispatch-start">
              {t('messaging.dispatch.start')}
            </Button>
          </Popconfirm>
        ) : null}
        {dispatch ? (
          <Popconfirm title={t('messaging.dispatch.removeConfirm')} okText={t('common.delete')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} onConfirm={() => void drop()}>
            <Button danger>{t('messaging.dispatch.remove')}</Button>
          </Popconfirm>
        ) : null}
      </Space>
    </Form>
  )
}

/** What the channel's reach means, under its select (Telegram: linked; WhatsApp: the 24-hour window). */
function channelHint(t: (key: string) => string, channel: DispatchChannel | undefined): string | undefined {
  return channel && channel !== 'sms' ? t(`messaging.dispatch.channelHints.${channel}`) : undefined
}

const channelLabel = (t: (key: string) => string, channel: DispatchChannel) => (channel === 'order' ? t('messaging.dispatch.byOrder') : t(`messaging.channels.${channel}`))

/** Who is left out and why, the channel's reasons in their order (none: 0). */
function ExclusionTags({ channel, excluded }: { channel: DispatchChannel; excluded: Exclusions }) {
  const { t } = useTranslation()
  const format = useFormat()
  const shown = exclusionReasonsOf(channel).filter((reason) => (excluded[reason] ?? 0) > 0)
  return (
    <Space wrap size={[4, 4]}>
      {shown.map((reason) => (
        <Tag key={reason} data-testid={`dispatch-excluded-${reason}`}>
          {t(`messaging.dispatch.reasons.${reason}`)}: {format.number(excluded[reason] ?? 0)}
        </Tag>
      ))}
      {shown.length === 0 ? '0' : null}
    </Space>
  )
}

/** The patients of a page of recipients, by id, in one read. */
function usePatients(rows: readonly DispatchRecipient[]) {
  const ids = [...new Set(rows.map((row) => row.customerId).filter((id): id is string => Boolean(id)))]
  const found = useFind('customers', { _id: { $in: ids }, $limit: ids.length || 1 }, ids.length > 0)
  return new Map((found.data?.data ?? []).map((customer) => [customer._id, customerName(customer)]))
}

const PAGE = 20

function DispatchDetails({ dispatch }: { dispatch: Dispatch }) {
  const { t } = useTranslation()
  const format = useFormat()
  const currency = useCurrency()
  const patch = usePatch('dispatch')
  const canCancel = useCan('notifications', 'edit')
  const [state, setState] = useState<OutboxState | undefined>()
  const [page, setPage] = useState(1)
  const handled = dispatchHandled(dispatch.progress)
  // The list follows the broadcast's progress: a new figure refetches the page shown.
  const progressKey = JSON.stringify(dispatch.progress)
  const recipients = useQuery({
    queryKey: ['dispatcher', 'find', dispatch._id, state, page, progressKey],
    queryFn: () => client.service('dispatcher').find({ query: { dispatchId: dispatch._id, ...(state ? { state } : {}), $limit: PAGE, $skip: (page - 1) * PAGE } }) as Promise<DispatchRecipientPage>,
    placeholderData: (previous) => previous
  })
  const rows = useMemo(() => recipients.data?.data ?? [], [recipients.data])
  const names = usePatients(rows)

  async function cancel() {
    try {
      await patch(dispatch._id, { state: 'cancelled' })
    } catch (error) {
      showServerError(undefined, error)
    }
  }

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="dispatch-details">
      <Space wrap>
        <Tag color={dispatchStateColors[dispatch.state]} data-testid="dispatch-state">{t(`messaging.dispatch.states.${dispatch.state}`)}</Tag>
        {dispatch.state === 'scheduled' || dispatch.state === 'sending' ? (
          canCancel ? (
            <Popconfirm title={t('messaging.dispatch.cancelConfirm')} okText={t('messaging.dispatch.cancel')} okButtonProps={{ danger: true }} cancelText={t('common.cancel')} onConfirm={() => void cancel()}>
              <Button danger size="small" data-testid="dispatch-cancel">{t('messaging.dispatch.cancel')}</Button>
            </Popconfirm>
          ) : null
        ) : null}
      </Space>
      <Typography.Paragraph className="dispatch-sample">{dispatch.text}</Typography.Paragraph>
      <Descriptions size="small" column={1} bordered>
        <Descriptions.Item label={t('messaging.dispatch.matched')}>{format.number(dispatch.matched)}</Descriptions.Item>
        <Descriptions.Item label={t('messaging.dispatch.recipients')}>{format.number(dispatch.recipients)}</Descriptions.Item>
        <Descriptions.Item label={t('messaging.dispatch.channel')}>{channelLabel(t, dispatch.channel)}</Descriptions.Item>
        <Descriptions.Item label={t('messaging.dispatch.excluded')}>
          <ExclusionTags channel={dispatch.channel} excluded={dispatch.excluded} />
        </Descriptions.Item>
        {dispatchPricedByParts(dispatch.channel) ? <Descriptions.Item label={t('messaging.dispatch.cost')}>{format.money(dispatch.cost, currency)}</Descriptions.Item> : null}
      </Descriptions>
      <div>
        <Typography.Text strong>{t('messaging.dispatch.progress')}</Typography.Text>
        <Progress percent={handled.total ? Math.round((handled.done / handled.total) * 100) : 0} status={dispatch.state === 'sending' ? 'active' : 'normal'} data-testid="dispatch-progress" />
        <Space wrap size={[4, 4]}>
          {outboxStates.filter((item) => (dispatch.progress[item] ?? 0) > 0).map((item) => (
            <Tag key={item} color={stateColors[item]} data-testid={`dispatch-count-${item}`}>
              {t(`messaging.states.${item}`)}: {format.number(dispatch.progress[item] ?? 0)}
            </Tag>
          ))}
        </Space>
      </div>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Typography.Text strong>{t('messaging.dispatch.results')}</Typography.Text>
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('messaging.dispatch.allStates')}
          aria-label={t('messaging.company.state')}
          value={state}
          onChange={(next: OutboxState | undefined) => {
            setState(next)
            setPage(1)
          }}
          options={outboxStates.map((item) => ({ value: item, label: t(`messaging.states.${item}`) }))}
        />
      </Space>
      <Table<DispatchRecipient>
        size="small"
        rowKey="_id"
        loading={recipients.isFetching && !recipients.data}
        dataSource={rows}
        scroll={{ x: true }}
        data-testid="dispatch-recipients-list"
        pagination={{ current: page, pageSize: PAGE, total: recipients.data?.total ?? 0, onChange: setPage, showSizeChanger: false, size: 'small' }}
        columns={[
          {
            title: t('messaging.dispatch.patient'),
            key: 'patient',
            render: (_, row) => (row.customerId ? <Link to={`/customer/${row.customerId}/communications`}>{names.get(row.customerId) ?? t('messaging.company.patient')}</Link> : null)
          },
          { title: t('messaging.company.state'), key: 'state', render: (_, row) => <Tag color={stateColors[row.state]}>{t(`messaging.states.${row.state}`)}</Tag> },
          { title: '', key: 'at', render: (_, row) => <Typography.Text type="secondary">{format.dateTime(row.deliveredAt ?? row.sentAt ?? row.dueAt)}</Typography.Text> }
        ]}
      />
    </Space>
  )
}
