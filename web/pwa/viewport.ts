/**
 * Spec section 1: a viewport-height value recalculated on load and resize. Mobile browsers'
 * 100vh includes the hidden address bar; CSS uses calc(var(--vh) * 100) instead.
 */
export function setViewportHeight() {
  document.documentElement.style.setProperty('--vh', `${window.innerHeight * 0.01}px`)
}

export function trackViewportHeight() {
  setViewportHeight()
  window.addEventListener('load', setViewportHeight)
  window.addEventListener('resize', setViewportHeight)
  window.addEventListener('orientationchange', setViewportHeight)
}
