import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { currentBranchId } from '../../api/branch'
import { useCan } from '../../api/permissions'
import { isForMe, MAX_OFFERS, offerFrom } from './slot-offer'
import { SlotOfferCard } from './SlotOfferCard'
import type { SlotFreedEvent } from './waiting-list-types'
import { useLazyNotices } from '../../app/lazy-notices'
import type { HeardEvents } from '../../app/heard-events'
import './waiting-list.css'

/**
 * Mounted once in the signed-in layout with the first `slot-freed` event of the appointment
 * service heard (only for people who may create appointments; the layout listens from sign-in,
 * app/heard-events.ts): offers each freed slot to the waiting customers who fit it. Offers stay
 * until booked or dismissed; the same slot freed again replaces its offer; at most MAX_OFFERS
 * show at once.
 */
export default function SlotFreedListener({ freed }: { freed: HeardEvents<SlotFreedEvent> }) {
  const { t } = useTranslation()
  const canBook = useCan('appointment', 'create')
  const { show, holder } = useLazyNotices({ placement: 'bottomRight', maxCount: MAX_OFFERS, stack: { threshold: MAX_OFFERS } })

  const { heard, take } = freed
  useEffect(() => {
    for (const event of take()) {
      if (!isForMe(event, currentBranchId(), canBook)) continue
      const offer = offerFrom(event)
      if (!offer) continue
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
  }, [heard, take, show, t, canBook])

  return holder
}
