import { useState } from 'react'
import { Button, Input, Select, Typography } from 'antd'
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { useFind } from '../../api/live'
import { errorPath } from '../../api/errors'
import { errorMessage, toast, toastError } from '../../app/toasts'
import { useCurrency } from '../appointments/useCalendarSettings'
import { minorToInput, parseMinor } from '../billing/money-input'
import type { BalanceRule } from '../../../../server/src/services/billing/user-balance-history/user-balance-history.shared'
import { refreshStatements } from './useBalanceStatement'

/** One row being edited: the target ("s:<id>" service, "c:<id>" category), percent or fixed, the value typed. */
interface Draft {
  target?: string
  kind: 'percent' | 'fixed'
  value: string
}

const toDraft = (rule: BalanceRule, comma: boolean): Draft => ({
  target: rule.serviceId ? `s:${rule.serviceId}` : `c:${rule.categoryId}`,
  kind: rule.amount !== undefined ? 'fixed' : 'percent',
  value: rule.amount !== undefined ? minorToInput(rule.amount, comma) : String(rule.percent ?? '')
})

/**
 * The doctor's overrides of their percent: per service or per category, a percent or a fixed
 * amount per unit. Saved as the whole list; a rule changes only lines not yet in a closed period.
 * The page keys it by the stored rules, so it starts again from them after a save.
 */
export function RulesEditor({ userId, rules, revenuePercent, canEdit }: { userId: string; rules: BalanceRule[]; revenuePercent: number; canEdit: boolean }) {
  const { t, i18n } = useTranslation()
  const currency = useCurrency()
  const comma = i18n.language !== 'en'
  const [drafts, setDrafts] = useState<Draft[]>(() => rules.map((rule) => toDraft(rule, comma)))
  const [problem, setProblem] = useState<{ index: number; message: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const services = useFind('service', { archived: false, $limit: 500, $sort: { name: 1 } })
  const categories = useFind('service-categories', { $limit: 500 })

  const targets = [
    { label: t('payouts.services'), options: (services.data?.data ?? []).map((service) => ({ value: `s:${service._id}`, label: service.name })) },
    { label: t('payouts.categories'), options: (categories.data?.data ?? []).map((category) => ({ value: `c:${category._id}`, label: category.name })) }
  ]
  const change = (index: number, next: Partial<Draft>) => setDrafts((list) => list.map((draft, at) => (at === index ? { ...draft, ...next } : draft)))

  async function save() {
    const list: BalanceRule[] = []
    for (const [index, draft] of drafts.entries()) {
      const value = draft.kind === 'fixed' ? parseMinor(draft.value) : /^\d{1,3}$/.test(draft.value.trim()) ? Number(draft.value.trim()) : undefined
      if (!draft.target) return setProblem({ index, message: t('errors.payout-rule-target') })
      if (value === undefined || (draft.kind === 'percent' && value > 100)) return setProblem({ index, message: t('payouts.valueInvalid') })
      const [kind, id] = [draft.target.slice(0, 1), draft.target.slice(2)]
      list.push({ ...(kind === 's' ? { serviceId: id } : { categoryId: id }), ...(draft.kind === 'fixed' ? { amount: value } : { percent: value }) })
    }
    setProblem(null)
    setBusy(true)
    try {
      await client.service('user-balance-history').patch(userId, { rules: list })
      await refreshStatements()
      toast.success(t('payouts.rulesSaved'))
    } catch (error) {
      const at = /^rules\.(\d+)/.exec(errorPath(error) ?? '')
      if (at) setProblem({ index: Number(at[1]), message: errorMessage(error) })
      else toastError(error)
    } finally {
      setBusy(false)
    }
  }

  return (
    <div data-testid="payouts-rules">
      <Typography.Paragraph type="secondary">{t('payouts.rulesText', { percent: revenuePercent })}</Typography.Paragraph>
      {drafts.map((draft, index) => (
        <div key={index} className="payouts-rule" data-testid="payouts-rule">
          <Select showSearch optionFilterProp="label" value={draft.target} onChange={(target: string) => change(index, { target })} options={targets} placeholder={t('payouts.ruleTarget')} aria-label={t('payouts.ruleTarget')} disabled={!canEdit} status={problem?.index === index ? 'error' : undefined} />
          <Select
            value={draft.kind}
            onChange={(kind: Draft['kind']) => change(index, { kind })}
            options={[{ value: 'percent', label: t('payouts.kindPercent') }, { value: 'fixed', label: t('payouts.kindFixed', { currency }) }]}
            aria-label={t('payouts.ruleKind')}
            disabled={!canEdit}
          />
          <Input value={draft.value} onChange={(event) => change(index, { value: event.target.value })} inputMode="decimal" suffix={draft.kind === 'percent' ? '%' : currency} aria-label={t('payouts.ruleValue')} disabled={!canEdit} status={problem?.index === index ? 'error' : undefined} data-testid="payouts-rule-value" />
          {canEdit && <Button icon={<DeleteOutlined />} aria-label={t('common.delete')} onClick={() => setDrafts((list) => list.filter((_, at) => at !== index))} />}
          {problem?.index === index && <Typography.Text type="danger">{problem.message}</Typography.Text>}
        </div>
      ))}
      {canEdit && (
        <div className="payouts-filters">
          <Button icon={<PlusOutlined />} onClick={() => setDrafts((list) => [...list, { kind: 'percent', value: '' }])} data-testid="payouts-rule-add">
            {t('payouts.addRule')}
          </Button>
          <Button type="primary" loading={busy} onClick={() => void save()} data-testid="payouts-rules-save">
            {t('payouts.saveRules')}
          </Button>
        </div>
      )}
    </div>
  )
}
