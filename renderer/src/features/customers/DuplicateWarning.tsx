import { Alert, Button, Tag } from 'antd'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useFormat } from '../../i18n/format'
import type { CustomerDuplicateOf } from '../../../../server/src/services/customers/customers/customers.shared'
import type { CustomerRecord } from './customer-types'
import { customerName } from './customer-name'
import { ColorDot } from './ColorDot'
import { PhoneText } from './PhoneText'
import { duplicateReasons } from './duplicate-warning'

interface Props {
  query: CustomerDuplicateOf
  matches: CustomerRecord[]
  /** Save was pressed: the warning asks for a decision. */
  asking: boolean
  /** The match's button, when it picks rather than opens. */
  pickLabel?: string
  onOpen: (customer: CustomerRecord) => void
  onCreateAnyway: () => void
}

/**
 * "This patient may already be here": each match with why (phone, or name and birth date), its
 * birth date, phone as the caller may see it and branch, and a way to open it; then "create
 * anyway" for a different person who happens to share them.
 */
export function DuplicateWarning({ query, matches, asking, pickLabel, onOpen, onCreateAnyway }: Props) {
  const { t } = useTranslation()
  const format = useFormat()
  const branches = useFind('branches', { $limit: 200 })
  const branchName = (id: string) => branches.data?.data.find((branch) => branch._id === id)?.name ?? ''
  return (
    <Alert
      type={asking ? 'error' : 'warning'}
      showIcon
      className="duplicate-warning"
      data-testid="duplicate-warning"
      title={t('duplicates.title', { count: matches.length })}
      description={
        <>
          <ul className="duplicate-list">
            {matches.map((match) => (
              <li key={match._id} className="duplicate-item" data-testid="duplicate-match">
                <div className="duplicate-main">
                  <span className="duplicate-name">
                    <ColorDot color={match.color} />
                    {customerName(match)}
                    {match.status !== 'active' && <Tag className="duplicate-status">{t(`customers.status.${match.status}`)}</Tag>}
                  </span>
                  <span className="duplicate-meta">
                    <span>{match.birthdate ? format.date(match.birthdate) : t('duplicates.noBirthdate')}</span>
                    <PhoneText phone={match.phone} hidden={match.phoneHidden} />
                    {branchName(match.branchId) && <span>{branchName(match.branchId)}</span>}
                  </span>
                  <span className="duplicate-reasons">
                    {duplicateReasons(query, match).map((reason) => (
                      <Tag key={reason} color="orange">
                        {t(`duplicates.reason.${reason}`)}
                      </Tag>
                    ))}
                  </span>
                </div>
                <Button size="small" onClick={() => onOpen(match)} data-testid="duplicate-open">
                  {pickLabel ?? t('duplicates.open')}
                </Button>
              </li>
            ))}
          </ul>
          <div className="duplicate-footer">
            <span className="muted">{t('duplicates.hint')}</span>
            <Button size="small" danger={asking} onClick={onCreateAnyway} data-testid="create-anyway">
              {t('duplicates.createAnyway')}
            </Button>
          </div>
        </>
      }
    />
  )
}
