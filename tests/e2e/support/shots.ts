import path from 'node:path'
import { expect, type Page } from '@playwright/test'

/** Where screenshots go for a person to look at (SHOTS_DIR, default /tmp/shots). */
export const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots'

export const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 }
]

/**
 * A full-page screenshot once the screen settled (its code and first data: nothing spinning);
 * the page itself must never scroll sideways. Screens are reached in the app (openInApp) or by
 * loading the page; data comes over the socket, so "network idle" says little.
 */
export async function shoot(page: Page, name: string, width: string) {
  await page.waitForLoadState('load').catch(() => undefined)
  await expect(page.locator('.ant-spin-spinning, .ant-skeleton-active')).toHaveCount(0, { timeout: 15_000 }).catch(() => undefined)
  // Drawers and dialogs slide in: wait until no finite animation runs (spinners and pulses loop
  // for ever and do not count), rather than a fixed pause before every one of ~200 shots.
  await page
    .waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
      undefined,
      { timeout: 1_000, polling: 50 }
    )
    .catch(() => undefined)
  // A resize re-lays the screen out over a few frames (the phone layout swaps in): a page wider
  // than the screen for good fails, one caught mid-swap does not.
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  await softly.poll(overflow, { message: `${name} at ${width} width is wider than the screen`, timeout: 3_000 }).toBeLessThanOrEqual(0)
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true })
}

const softly = expect.configure({ soft: true })
