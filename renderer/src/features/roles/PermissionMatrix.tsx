import { useMemo, useState, type ReactNode } from 'react'
import { Checkbox, Grid, Input, Table, Tooltip } from 'antd'
import { DeleteOutlined, EditOutlined, EyeOutlined, GlobalOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { permissionFlags, type PermissionFlag } from '../../../../domain/access/resources'
import { columnState, toggle, toggleColumn, toggleRow, type Matrix } from './permission-matrix'

/** On a phone the five flag columns show icons (names in tooltips) so the matrix fits 390 px. */
const flagIcons: Record<PermissionFlag, ReactNode> = {
  view: <EyeOutlined />,
  create: <PlusOutlined />,
  edit: <EditOutlined />,
  delete: <DeleteOutlined />,
  seeAll: <GlobalOutlined />
}

interface Props {
  matrix: Matrix
  onChange: (next: Matrix) => void
  disabled?: boolean
}

/** Resources down, flags across; header boxes set a whole column for the rows shown. */
export function PermissionMatrix({ matrix, onChange, disabled }: Props) {
  const { t } = useTranslation()
  const [filter, setFilter] = useState('')
  const phone = !Grid.useBreakpoint().md
  const resources = useMemo(() => {
    const term = filter.trim().toLowerCase()
    return Object.keys(matrix).filter((resource) => !term || resource.includes(term) || t(`resources.${resource}`).toLowerCase().includes(term))
  }, [matrix, filter, t])

  const flagTitle = (flag: PermissionFlag) => {
    const state = columnState(matrix, resources, flag)
    const box = (
      <Checkbox
        disabled={disabled || resources.length === 0}
        checked={state === 'all'}
        indeterminate={state === 'some'}
        onChange={(event) => onChange(toggleColumn(matrix, resources, flag, event.target.checked))}
        aria-label={t(`flags.${flag}`)}
      />
    )
    if (phone) {
      return (
        <Tooltip title={t(`flags.${flag}`)}>
          <span className="flag-head flag-head-compact">
            {flagIcons[flag]}
            {box}
          </span>
        </Tooltip>
      )
    }
    return (
      <span className="flag-head flag-head-stacked">
        {box}
        <span>{t(`flags.${flag}`)}</span>
      </span>
    )
  }

  return (
    <>
      <Input
        allowClear
        prefix={<SearchOutlined />}
        placeholder={t('roles.filterResources')}
        value={filter}
        onChange={(event) => setFilter(event.target.value)}
        style={{ marginBottom: 12, maxWidth: 320 }}
      />
      <Table<string>
        className="permission-matrix"
        rowKey={(resource) => resource}
        dataSource={resources}
        pagination={false}
        size="small"
        // A fixed-height body with a sticky header keeps the flag names in sight over 75 rows.
        scroll={{ x: 'max-content', y: 'max(320px, calc(var(--vh) * 100 - 380px))' }}
        columns={[
          {
            key: 'resource',
            title: t('roles.resource'),
            fixed: 'left',
            render: (_, resource) => {
              const all = permissionFlags.every((flag) => matrix[resource][flag])
              const some = permissionFlags.some((flag) => matrix[resource][flag])
              return (
                <Checkbox
                  disabled={disabled}
                  checked={all}
                  indeterminate={some && !all}
                  onChange={(event) => onChange(toggleRow(matrix, resource, event.target.checked))}
                  data-testid={`row-${resource}`}
                >
                  <span className="resource-label">{t(`resources.${resource}`)}</span>
                </Checkbox>
              )
            }
          },
          ...permissionFlags.map((flag) => ({
            key: flag,
            title: flagTitle(flag),
            width: phone ? 44 : 84,
            align: 'center' as const,
            render: (_: unknown, resource: string) => (
              <Checkbox
                disabled={disabled}
                checked={matrix[resource][flag]}
                onChange={(event) => onChange(toggle(matrix, resource, flag, event.target.checked))}
                aria-label={`${t(`resources.${resource}`)}: ${t(`flags.${flag}`)}`}
                data-testid={`perm-${resource}-${flag}`}
              />
            )
          }))
        ]}
      />
    </>
  )
}
