import { io, type Socket } from 'socket.io-client'
import socketio from '@feathersjs/socketio-client'
import { Timeout } from '@feathersjs/errors'
import type { HookContext, NextFunction } from '@feathersjs/feathers'
import { createClient } from '../../../server/src/client'
import { platform } from '../platform'
import {
  AUTHENTICATION_TIMEOUT_MS,
  CONNECT_TIMEOUT_MS,
  RECONNECTION_DELAY_MAX_MS,
  RECONNECTION_DELAY_MS,
  RECONNECTION_RANDOMIZATION,
  REQUEST_TIMEOUT_MS,
  TOKEN_STORAGE_KEY
} from './constants'
import { TokenStorage } from './storage'

/** One socket for the whole app: websocket only (architecture), constants of spec section 9. */
export const socket: Socket = io(platform.serverUrl(), {
  transports: ['websocket'],
  timeout: CONNECT_TIMEOUT_MS,
  reconnection: true,
  reconnectionAttempts: Infinity,
  reconnectionDelay: RECONNECTION_DELAY_MS,
  reconnectionDelayMax: RECONNECTION_DELAY_MAX_MS,
  randomizationFactor: RECONNECTION_RANDOMIZATION
})

export const client = createClient(socketio(socket), {
  storageKey: TOKEN_STORAGE_KEY,
  storage: new TokenStorage()
})

/**
 * socket.io buffers calls while disconnected and never gives up, so every call races a timer
 * that fails with the technical messages of spec section 8 instead of hanging forever.
 */
async function timeoutHook(context: HookContext, next: NextFunction) {
  const isAuth = context.path === 'authentication'
  const ms = isAuth ? AUTHENTICATION_TIMEOUT_MS : REQUEST_TIMEOUT_MS
  const message = !isAuth
    ? `Timeout of ${ms}ms exceeded calling ${context.method} on ${context.path}`
    : context.method === 'remove'
      ? 'Logout timed out'
      : 'Authentication timed out'
  let timer: ReturnType<typeof setTimeout> | undefined
  const expired = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Timeout(message, { code: 'timeout' })), ms)
  })
  try {
    await Promise.race([next(), expired])
  } finally {
    clearTimeout(timer)
  }
}
client.hooks({ around: { all: [timeoutHook] } })
