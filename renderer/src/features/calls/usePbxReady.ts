import { useFind } from '../../api/live'
import { useSignedIn } from '../../api/session-store'

/**
 * What the company's PBX allows this member now (the OnlinePBX settings, read once and kept live):
 * whether it is connected, and whether they have an extension to call from. Screens offer
 * click-to-call only when both hold, so a button never leads to "OnlinePBX is not configured".
 */
export function usePbxReady(enabled = true): { loaded: boolean; connected: boolean; canDial: boolean } {
  const { user } = useSignedIn()
  const settings = useFind('onlinepbx-integration', {}, enabled)
  const row = settings.data?.data[0]
  const connected = Boolean(row?.connected)
  return { loaded: Boolean(row), connected, canDial: connected && Boolean(row?.extensions.some((one) => one.userId === user._id)) }
}
