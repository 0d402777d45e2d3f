import { useState } from 'react'
import { Empty, List, Select, Space, Typography } from 'antd'
import { Link } from 'react-router'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { FetchError } from '../../components/FetchError'
import { PageLoading } from '../../components/PageLoading'
import { usePeopleNames } from '../../components/usePeopleNames'
import { PhoneText } from '../customers/PhoneText'
import { usePatientNames } from '../customers/usePatientNames'
import type { Call } from '../../../../server/src/services/telephony/calls/calls.shared'
import { callDirections, callStates, type CallDirection, type CallState } from '../../../../domain/telephony/onlinepbx'
import { CallRow } from './CallRow'

/** Calls in one page of the log: the newest hundred of the filter (a filter narrows further back). */
const PAGE = 100

/**
 * The calls of the caller's branches, newest first and live: the patient (a link to their card)
 * or the number, the line, who answered, the spec's state, how long and the recording; by
 * direction and state ("which calls did we miss today?"). Numbers follow phone protection (the
 * server sends none to those it hides them from). Shown once the area's texts are there.
 */
export function CallLog() {
  const { t } = useTranslation()
  const [direction, setDirection] = useState<CallDirection>()
  const [state, setState] = useState<CallState>()
  const calls = useFind('calls', { ...(direction ? { direction } : {}), ...(state ? { state } : {}), $sort: { startedAt: -1 }, $limit: PAGE })
  const patients = usePatientNames(calls.data?.data)
  const { names: people } = usePeopleNames()
  const who = (call: Call) => (
    <>
      {call.customerId ? (
        <Link to={`/customer/${call.customerId}/communications`}>{patients.get(call.customerId) ?? t('calls.log.patient')}</Link>
      ) : (
        <Typography.Text type="secondary">{t('calls.unknownCaller')}</Typography.Text>
      )}
      {call.phone || call.phoneHidden ? <PhoneText phone={call.phone} hidden={call.phoneHidden} /> : null}
      <Typography.Text type="secondary">{t('calls.log.line', { line: call.line })}</Typography.Text>
      {call.userId && people.get(call.userId) ? <Typography.Text type="secondary">{people.get(call.userId)}</Typography.Text> : null}
    </>
  )
  return (
    <>
      <Space wrap style={{ marginBottom: 16 }}>
        <Select
          allowClear
          style={{ minWidth: 160 }}
          placeholder={t('calls.log.direction')}
          aria-label={t('calls.log.direction')}
          value={direction}
          onChange={setDirection}
          options={callDirections.map((value) => ({ value, label: t(`calls.directions.${value}`) }))}
          data-testid="calls-direction"
        />
        <Select
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('calls.log.state')}
          aria-label={t('calls.log.state')}
          value={state}
          onChange={setState}
          options={callStates.map((value) => ({ value, label: t(`calls.states.${value}`) }))}
          data-testid="calls-state"
        />
      </Space>
      {calls.error ? (
        <FetchError error={calls.error} onRetry={() => void calls.refetch()} />
      ) : !calls.data ? (
        <PageLoading />
      ) : calls.data.data.length === 0 ? (
        <Empty description={t('calls.none')} />
      ) : (
        <List data-testid="company-calls" dataSource={calls.data.data} renderItem={(call) => <CallRow key={call._id} call={call} who={who(call)} />} />
      )}
    </>
  )
}
