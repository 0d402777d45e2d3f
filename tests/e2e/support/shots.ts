import path from 'node:path'
import { expect, type Page } from '@playwright/test'

/** Where screenshots go for a person to look at (SHOTS_DIR, default /tmp/shots). */
export const shotsDir = process.env.SHOTS_DIR ?? '/tmp/shots'

export const widths = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 }
]

/** A full-page screenshot once the screen settled; the page itself must never scroll sideways. */
export async function shoot(page: Page, name: string, width: string) {
  await page.waitForLoadState('networkidle').catch(() => undefined)
  await page.waitForTimeout(400)
  await page.screenshot({ path: path.join(shotsDir, `${name}-${width}.png`), fullPage: true })
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)
  expect.soft(overflow, `${name} at ${width} width is wider than the screen`).toBeLessThanOrEqual(0)
}
