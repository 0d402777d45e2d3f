import { chromium } from 'playwright'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' })
for (const [w, h, name] of [[1366, 800, 'desktop'], [390, 844, 'phone']]) {
  const page = await browser.newPage({ viewport: { width: w, height: h }, locale: 'ru-RU' })
  await page.goto('http://localhost:3133/login')
  await page.getByRole('textbox').first().fill('admin@demo.clinic')
  await page.locator('input[type=password]').fill('Demo-clinic-2026')
  await page.keyboard.press('Enter')
  await page.waitForTimeout(2500)
  await page.goto('http://localhost:3133/reports/treatment-plans?period=previousMonth')
  await page.waitForTimeout(3000)
  await page.screenshot({ path: `/tmp/plans-${name}.png`, fullPage: true })
  await page.goto('http://localhost:3133/reports/conversion-funnel?period=previousMonth')
  await page.waitForTimeout(3000)
  await page.screenshot({ path: `/tmp/funnel-${name}.png`, fullPage: true })
  await page.close()
}
await browser.close()
