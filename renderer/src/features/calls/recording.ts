import { client } from '../../api/client'
import { platform } from '../../platform'
import { callRecordingUrl } from '../../../../server/src/services/telephony/calls/calls.shared'

/**
 * A call's recording as a local object URL: fetched through the server with the session's token
 * (the server asks the PBX for a fresh link and streams it; the PBX's key never reaches the browser).
 */
export async function recordingObjectUrl(callId: string): Promise<string> {
  const token = await client.authentication.getAccessToken()
  const response = await fetch(platform.serverUrl() + callRecordingUrl(callId), { headers: token ? { Authorization: `Bearer ${token}` } : {} })
  if (!response.ok) {
    const failure = (await response.json().catch(() => null)) as { message?: string; data?: { code?: string } } | null
    throw Object.assign(new Error(failure?.message ?? String(response.status)), { code: response.status, data: failure?.data })
  }
  return URL.createObjectURL(await response.blob())
}
