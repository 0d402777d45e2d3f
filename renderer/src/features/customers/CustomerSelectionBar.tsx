import { Button } from 'antd'
import { MergeCellsOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import type { CustomerRecord } from './customer-types'
import { customerName } from './customer-name'

/** The ticked customers (kept across pages and searches) and what can be done with two: merge. */
export function CustomerSelectionBar({ selected, onMerge, onClear }: { selected: CustomerRecord[]; onMerge: () => void; onClear: () => void }) {
  const { t } = useTranslation()
  return (
    <div className="customers-selection" role="region" aria-label={t('customers.selection')} data-testid="customers-selection">
      <span className="customers-selection-names">
        <strong>{t('customers.selected', { count: selected.length })}</strong>
        {': '}
        {selected.length === 1 ? t('customers.selectAnother', { name: customerName(selected[0]) }) : selected.map(customerName).join(', ')}
      </span>
      <span className="customers-selection-actions">
        <Button size="small" onClick={onClear}>
          {t('customers.clearSelection')}
        </Button>
        <Button size="small" type="primary" icon={<MergeCellsOutlined />} disabled={selected.length !== 2} onClick={onMerge} data-testid="merge-selected">
          {t('customers.mergeSelected')}
        </Button>
      </span>
    </div>
  )
}
