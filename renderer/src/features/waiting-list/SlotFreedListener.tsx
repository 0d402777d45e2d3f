import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { client } from '../../api/client'
import { currentBranchId } from '../../api/branch'
import { useCan } from '../../api/permissions'
import { isForMe, MAX_OFFERS, offerFrom } from './slot-offer'
import { SlotOfferCard } from './SlotOfferCard'
import type { SlotFreedEvent } from './waiting-list-types'
import { useLazyNotices } from '../../app/lazy-notices'
import './waiting-list.css'

/**
 * Mounted once in the signed-in layout (lazily, only for people who may create appointments):
 * listens to the appointment service's `slot-freed` event and offers the freed slot to the
 * waiting customers who fit it. Offers stay until booked or dismissed; the same slot freed
 * again replaces its offer; at most MAX_OFFERS show at once.
 */
export default function SlotFreedListener() {
  const { t } = useTranslation()
  const canBook = useCan('appointment', 'create')
  const { show, holder } = useLazyNotices({ placement: 'bottomRight', maxCount: MAX_OFFERS, stack: { threshold: MAX_OFFERS } })

  useEffect(() => {
    const appointments = client.service('appointment')
    const onFreed = (event: SlotFreedEvent) => {
      if (!isForMe(event, currentBranchId(), canBook)) return
      const offer = offerFrom(event)
      if (!offer) return
      const close = () => show((api) => api.destroy(offer.key))
      show((api) => api.open({
        key: offer.key,
        type: 'info',
        title: t('waitingList.offer.title'),
        description: <SlotOfferCard offer={offer} onClose={close} />,
        duration: false,
        closable: { 'aria-label': t('waitingList.offer.dismiss') },
        role: 'alert',
        style: { width: 'min(400px, calc(100vw - 32px))' }
      }))
    }
    appointments.on('slot-freed', onFreed)
    return () => void appointments.off('slot-freed', onFreed)
  }, [show, t, canBook])

  return holder
}
