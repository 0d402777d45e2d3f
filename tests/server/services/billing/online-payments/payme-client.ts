import { randomBytes } from 'node:crypto'

/**
 * A local "Payme": it calls our merchant endpoint the way Payme's servers do (JSON-RPC 2.0 over
 * HTTP POST, Basic `Paycom:<key>`), so the tests play Payme over real HTTP.
 */
export interface PaymeAnswer {
  status: number
  body: { jsonrpc?: string; id?: unknown; result?: Record<string, unknown>; error?: { code: number; message: { ru: string; uz: string; en: string }; data?: string } }
}

/** A Payme transaction id: 24 hexadecimal characters. */
export const paymeId = () => randomBytes(12).toString('hex')

export function paymeClient(url: string, merchantId: string, key: string) {
  let rpc = 0
  const endpoint = `${url}/hooks/payme/${merchantId}`
  const basic = (login: string, password: string) => `Basic ${Buffer.from(`${login}:${password}`).toString('base64')}`

  async function raw(body: string, headers: Record<string, string> = {}, method = 'POST'): Promise<PaymeAnswer> {
    const response = await fetch(endpoint, { method, headers: { 'content-type': 'application/json', authorization: basic('Paycom', key), ...headers }, body: method === 'GET' ? undefined : body })
    const text = await response.text()
    return { status: response.status, body: JSON.parse(text) }
  }

  async function call(method: string, params: Record<string, unknown>, headers: Record<string, string> = {}): Promise<PaymeAnswer> {
    rpc += 1
    return raw(JSON.stringify({ jsonrpc: '2.0', id: rpc, method, params }), headers)
  }

  return { endpoint, basic, raw, call }
}
