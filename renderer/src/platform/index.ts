import { desktopPlatform } from './desktop'
import type { Platform } from './types'
import { webPlatform } from './web'

export type { Platform }

export const platform: Platform =
  typeof window !== 'undefined' && window.clinicDesktop ? desktopPlatform(window.clinicDesktop) : webPlatform
