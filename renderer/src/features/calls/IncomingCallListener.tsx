import { Suspense, useCallback, useEffect, useRef, useState } from 'react'
import { lazyInBackground } from '../../app/background-chunk'
import { client } from '../../api/client'
import { loadTextArea } from '../../i18n'
import type { IncomingCall } from '../../../../server/src/services/telephony/onlinepbx-incoming-call/onlinepbx-incoming-call.shared'
import type { Call } from '../../../../server/src/services/telephony/calls/calls.shared'

// The pops themselves (antd's notifications, the card, the new-patient form) load with the first call.
const IncomingCallPops = lazyInBackground(() => import('./IncomingCallPops'))

/**
 * Mounted once in the signed-in layout (lazily, for people who may view incoming calls): the
 * screen pop's ears, kept small because it is on every screen. The server sends each user of the
 * ringing line's branch the call with the patients they may see (`onlinepbx-incoming-call`
 * created); a pop stays until the call is answered or ends (`calls` patched), or is taken or
 * dismissed, and never comes back. Calls already ringing when the app opens show too.
 */
export default function IncomingCallListener() {
  const [pops, setPops] = useState<IncomingCall[]>([])
  const [shown, setShown] = useState(false)
  /** Calls whose pop was closed, taken or settled. */
  const done = useRef(new Set<string>())

  const finish = useCallback((id: string) => {
    done.current.add(id)
    setPops((list) => list.filter((one) => one._id !== id))
  }, [])

  useEffect(() => {
    const incoming = client.service('onlinepbx-incoming-call')
    const calls = client.service('calls')
    const ring = (pop: IncomingCall) => {
      if (done.current.has(pop._id)) return
      // The pop's texts start loading with its code (IncomingCallPops waits for them).
      void loadTextArea('calls')
      setShown(true)
      setPops((list) => (list.some((one) => one._id === pop._id) ? list : [...list, pop]))
    }
    const settled = (call: Call) => {
      if (call.state !== 'waiting') finish(call._id)
    }
    incoming.on('created', ring)
    calls.on('patched', settled)
    incoming.find({ query: {} }).then((page) => page.data.forEach(ring), () => undefined)
    return () => {
      incoming.off('created', ring)
      calls.off('patched', settled)
    }
  }, [finish])

  return shown ? (
    <Suspense fallback={null}>
      <IncomingCallPops pops={pops} onDone={finish} />
    </Suspense>
  ) : null
}
