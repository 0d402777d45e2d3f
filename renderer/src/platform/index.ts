import { dialWithSoftphone } from '../features/softphone/dialer'
import { desktopPlatform } from './desktop'
import type { Platform } from './types'
import { webPlatform } from './web'

export type { Platform }

const shell: Platform = typeof window !== 'undefined' && window.clinicDesktop ? desktopPlatform(window.clinicDesktop) : webPlatform

/** Dialling goes to the built-in softphone while it is registered (features/softphone), else to the shell's dialer. */
export const platform: Platform = { ...shell, dial: (phoneNumber) => (dialWithSoftphone(phoneNumber) ? Promise.resolve(true) : shell.dial(phoneNumber)) }
