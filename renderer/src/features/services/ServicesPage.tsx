import { useMemo, useState } from 'react'
import { Button, Card, Empty, Input, Segmented } from 'antd'
import { PlusOutlined, SearchOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { PageHeader } from '../../components/PageHeader'
import { FetchError } from '../../components/FetchError'
import { useDebounced } from '../../components/useDebounced'
import { servicePath, type ServiceRecord } from './catalogue-types'
import { groupServices } from './service-form'
import { CategoryList, type CategoryChoice } from './CategoryList'
import { ServiceDrawer } from './ServiceDrawer'
import { ServiceTable } from './ServiceTable'
import { useCategories } from './useCatalogue'
import './catalogue.css'

/** /company/services: the catalogue of treatments and services, grouped by category. */
export default function ServicesPage() {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const [archived, setArchived] = useState(false)
  const [selected, setSelected] = useState<CategoryChoice>('all')
  const [editing, setEditing] = useState<ServiceRecord | 'new' | null>(null)
  const term = useDebounced(search.trim(), 250)
  const canCreate = useCan('service', 'create')
  const canDelete = useCan('service', 'delete')
  const { categories, ...categoryList } = useCategories()
  // The whole catalogue (a clinic has hundreds at most) gives the counts; a search asks the server.
  const all = useFind(servicePath, { archived, $limit: 500, $sort: { rank: 1, name: 1 } })
  const found = useFind(servicePath, { archived, $search: term, $limit: 500, $sort: { rank: 1, name: 1 } }, Boolean(term))
  const list = term ? found : all
  const services = useMemo(() => list.data?.data ?? [], [list.data])
  const categoryIds = useMemo(() => categories.map((category) => category._id), [categories])
  const groups = useMemo(() => groupServices(services, categoryIds), [services, categoryIds])
  const counts = useMemo(() => {
    const map = new Map<string | null, number>()
    for (const [key, items] of groupServices(all.data?.data ?? [], categoryIds)) map.set(key, items.length)
    return map
  }, [all.data, categoryIds])
  const nextRank = (all.data?.data ?? []).reduce((max, item) => Math.max(max, item.rank + 1), 0)

  const error = all.error ?? found.error ?? categoryList.error
  if (error) return <FetchError error={error} onRetry={() => void Promise.all([all.refetch(), categoryList.refetch()])} />

  const shownKeys: (string | null)[] = selected === 'all' ? [...categoryIds, null] : [selected]
  const categoryName = (id: string | null) => (id ? (categories.find((category) => category._id === id)?.name ?? '') : t('services.noCategory'))
  const emptyText = term ? t('services.noMatch') : archived ? t('services.noArchived') : t('services.empty')
  // With every category shown, empty groups are left out (except when nothing at all matches).
  const visible = shownKeys.filter((key) => selected !== 'all' || (groups.get(key)?.length ?? 0) > 0)

  return (
    <>
      <PageHeader
        title={t('services.title')}
        subtitle={
          <>
            {all.data ? t('services.count', { count: all.data.total }) : t('services.subtitle')}
            {canDelete && (
              <>
                {' · '}
                <Link to="/company/trash">{t('trash.open')}</Link>
              </>
            )}
          </>
        }
        extra={
          canCreate && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-service">
              {t('services.add')}
            </Button>
          )
        }
      />
      <div className="catalogue-layout">
        <CategoryList categories={categories} counts={counts} total={all.data?.total ?? 0} selected={selected} onSelect={setSelected} />
        <Card size="small">
          <div className="services-toolbar">
            <Input
              allowClear
              className="services-search"
              prefix={<SearchOutlined />}
              placeholder={t('services.search')}
              aria-label={t('services.search')}
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <Segmented
              className="services-toolbar-end"
              value={archived ? 'archived' : 'active'}
              onChange={(value) => setArchived(value === 'archived')}
              options={[
                { value: 'active', label: t('services.active') },
                { value: 'archived', label: t('services.archivedList') }
              ]}
            />
          </div>
          {visible.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={list.isLoading ? t('services.loading') : emptyText} />
          ) : (
            visible.map((key) => (
              <section key={key ?? 'none'} className="service-group" data-testid="service-group">
                <h2 className="service-group-title">
                  {categoryName(key)}
                  <span className="muted">{groups.get(key)?.length ?? 0}</span>
                </h2>
                <ServiceTable services={groups.get(key) ?? []} loading={list.isLoading} emptyText={emptyText} onEdit={setEditing} />
              </section>
            ))
          )}
        </Card>
      </div>
      {editing && (
        <ServiceDrawer
          record={editing === 'new' ? null : editing}
          categoryId={typeof selected === 'string' && selected !== 'all' ? selected : null}
          nextRank={nextRank}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  )
}
