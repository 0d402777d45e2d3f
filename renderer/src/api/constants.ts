/** Client constants of spec section 9. One place, so the desktop shell and tests agree. */
export const REQUEST_TIMEOUT_MS = 30_000
export const AUTHENTICATION_TIMEOUT_MS = 30_000
export const CONNECT_TIMEOUT_MS = 20_000
export const RECONNECTION_DELAY_MS = 1_000
export const RECONNECTION_DELAY_MAX_MS = 5_000
export const RECONNECTION_RANDOMIZATION = 0.5
export const TOKEN_STORAGE_KEY = 'feathers-jwt'
export const BRANCH_STORAGE_KEY = 'currentBrachCompanyId'
export const LOCALE_STORAGE_KEY = 'locale'
export const TOAST_DURATION_MS = 1_500
