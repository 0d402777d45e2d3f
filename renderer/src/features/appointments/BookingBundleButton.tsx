import { useState } from 'react'
import { Button, Dropdown } from 'antd'
import { AppstoreAddOutlined } from '@ant-design/icons'
import { useTranslation } from 'react-i18next'
import { useFind } from '../../api/live'
import { useCan } from '../../api/permissions'
import { toast } from '../../app/toasts'
import { bundleServiceIds } from '../bundles/plan-drafts'
import { useServiceCatalogueLoaded } from './useResources'

interface Props {
  /** The services chosen so far. */
  chosen: string[]
  /** The services the form offers (the active catalogue). */
  offered: ReadonlyArray<{ _id: string }>
  /** The new list: the chosen services, then the bundle's (each once). */
  onAdd: (serviceIds: string[]) => void
}

/** "Add bundle" under the booking form's services: one click adds a bundle's services. */
export function BookingBundleButton({ chosen, offered, onAdd }: Props) {
  const { t } = useTranslation()
  const canView = useCan('bundle', 'view')
  const [open, setOpen] = useState(false)
  const found = useFind('bundle', { archived: false, $limit: 500 }, canView)
  const bundles = found.data?.data ?? []
  // A bundle picked before the catalogue arrives would find none of its services offered.
  const catalogueLoaded = useServiceCatalogueLoaded()
  const ready = found.data !== undefined && catalogueLoaded
  // Shown as soon as one may use bundles, before they load: the form below must not jump while
  // someone is choosing a status (the list says so when the clinic has none).
  if (!canView) return null
  return (
    <div className="booking-add-bundle">
    <Dropdown
      open={open}
      onOpenChange={setOpen}
      trigger={['click']}
      menu={{
        items: bundles.length > 0 ? bundles.map((bundle) => ({ key: bundle._id, label: bundle.name })) : [{ key: 'none', label: t('booking.noBundles'), disabled: true }],
        style: { maxHeight: 320, overflowY: 'auto' },
        onClick: ({ key }) => {
          const bundle = bundles.find((entry) => entry._id === key)
          if (!bundle) return
          const { serviceIds, skipped } = bundleServiceIds(bundle, chosen, offered)
          if (skipped.length > 0) toast.warning(t('booking.bundleSkipped'))
          onAdd(serviceIds)
          setOpen(false)
        }
      }}
    >
      <Button size="small" icon={<AppstoreAddOutlined />} loading={!ready} data-testid="booking-add-bundle">
        {t('booking.addBundle')}
      </Button>
    </Dropdown>
    </div>
  )
}
