/** Spec section 1: a desktop or a mobile manifest, chosen by device. */
export function isMobileDevice(): boolean {
  const uaMobile = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile
  if (typeof uaMobile === 'boolean') return uaMobile
  return /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent) || matchMedia('(pointer: coarse) and (max-width: 900px)').matches
}

export function chooseManifest() {
  const link = document.createElement('link')
  link.rel = 'manifest'
  link.href = isMobileDevice() ? '/manifest-mobile.webmanifest' : '/manifest-desktop.webmanifest'
  document.head.appendChild(link)
}
