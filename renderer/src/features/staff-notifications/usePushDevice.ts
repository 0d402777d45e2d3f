import { useCallback, useEffect, useState } from 'react'
import { platform } from '../../platform'
import { client } from '../../api/client'

export type PushState = 'unsupported' | 'denied' | 'off' | 'on' | 'busy'

/** Where this device stands: subscribed in this browser and known to the server for the signed-in member. */
async function readState(): Promise<PushState> {
  const push = platform.webPush
  if (!push.supported) return 'unsupported'
  if (push.permission() === 'denied') return 'denied'
  const current = await push.current().catch(() => null)
  if (!current) return 'off'
  // Subscribed in this browser, but maybe for another member: on only if the server has it for me.
  const mine = await client.service('push-notifications').find({ query: { endpoint: current.endpoint } }).catch(() => null)
  return mine && mine.total > 0 ? 'on' : 'off'
}

/**
 * This device's Web Push for the signed-in member: whether it is on, and the two actions the
 * bell's menu offers. Permission is asked only in `turnOn`, which runs from a click.
 */
export function usePushDevice() {
  const push = platform.webPush
  const [state, setState] = useState<PushState>(push.supported ? 'busy' : 'unsupported')

  const refresh = useCallback(async () => setState(await readState()), [])

  useEffect(() => {
    let live = true
    void readState().then((next) => live && setState(next))
    return () => {
      live = false
    }
  }, [])

  const turnOn = useCallback(async (): Promise<PushState> => {
    setState('busy')
    try {
      const { publicKey } = await client.service('push-notifications').find({})
      const subscription = await push.subscribe(publicKey)
      if (!subscription) {
        const next = push.permission() === 'denied' ? 'denied' : 'off'
        setState(next)
        return next
      }
      await client.service('push-notifications').create(subscription)
      setState('on')
      return 'on'
    } catch (error) {
      await refresh()
      throw error
    }
  }, [push, refresh])

  const turnOff = useCallback(async () => {
    setState('busy')
    try {
      const endpoint = await push.unsubscribe()
      if (endpoint) {
        const mine = await client.service('push-notifications').find({ query: { endpoint } })
        for (const device of mine.data) await client.service('push-notifications').remove(device._id)
      }
    } finally {
      await refresh()
    }
  }, [push, refresh])

  return { state, turnOn, turnOff }
}
