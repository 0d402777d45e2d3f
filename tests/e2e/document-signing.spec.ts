import fs from 'node:fs'
import path from 'node:path'
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { demoAdmin, openInApp, russianPage } from './support/app'
import { uniqueLetters, uniquePhone } from './support/api'
import { shotsDir } from './support/shots'
import { signInApi, type Api } from './support/socket-api'
import { pdfText } from '../server/support/pdf-reader'

/**
 * Issue 17, item 2: the front desk asks a patient to sign a consent on a tablet; the tablet (a
 * second browser, signed in on /kiosk) shows the document, the patient signs with the mouse, and
 * the front desk's dialog turns to "Signed" live. The signed PDF names the signer.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя', 5)
const dir = path.join(shotsDir, 'signing')

let admin: Api
let desk: Page
let tablet: Page

test.beforeAll(async ({ browser }) => {
  // Two browsers sign in (the front desk and the tablet).
  test.setTimeout(120_000)
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  desk = await russianPage(browser)
  tablet = await russianPage(browser)
  fs.mkdirSync(dir, { recursive: true })
})

test.afterAll(async () => {
  await desk?.close()
  await tablet?.close()
  admin?.close()
})

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(dir, `${name}.png`), fullPage: true })

/** A signature drawn with the mouse: two strokes across the pad. */
async function drawSignature(page: Page) {
  const pad = page.getByTestId('signature-pad')
  await pad.scrollIntoViewIfNeeded()
  const box = (await pad.boundingBox())!
  const strokes = [
    [[0.1, 0.6], [0.2, 0.3], [0.3, 0.7], [0.4, 0.35], [0.5, 0.65]],
    [[0.55, 0.5], [0.7, 0.4], [0.85, 0.55]]
  ]
  for (const stroke of strokes) {
    const [first, ...rest] = stroke
    await page.mouse.move(box.x + box.width * first[0], box.y + box.height * first[1])
    await page.mouse.down()
    for (const [x, y] of rest) await page.mouse.move(box.x + box.width * x, box.y + box.height * y, { steps: 6 })
    await page.mouse.up()
  }
}

test('a consent asked at the front desk is signed on the tablet and shows "Signed" live', async () => {
  test.setTimeout(180_000)
  const patient = (await admin.service('customers').create({ first_name: 'Мадина', last_name: `Подписная${tag}`, phone: uniquePhone() })) as { _id: string }

  // The tablet waits on /kiosk.
  await tablet.goto('/kiosk')
  await expect(tablet.getByTestId('kiosk-waiting')).toBeVisible()
  await tablet.setViewportSize({ width: 1366, height: 800 })
  await shot(tablet, 'kiosk-waiting-1366')

  // The front desk asks for a consent to be signed on the tablet.
  await openInApp(desk, `/customer/${patient._id}`)
  const card = desk.getByTestId('patient-documents')
  await card.getByTestId('sign-on-tablet').click()
  await desk.getByTestId('sign-consent').click()
  await desk.getByTestId('document-procedure').fill('Удаление зуба 38')
  await desk.getByTestId('procedure-ok').click()
  const request = desk.getByTestId('signature-request')
  await expect(request.getByTestId('signature-waiting')).toBeVisible()
  await shot(desk, 'request-dialog-1366')

  // The tablet shows it by itself: the PDF's page, the signer, the pad.
  await expect(tablet.getByTestId('signing-screen')).toBeVisible()
  await expect(tablet.getByTestId('pdf-page').first()).toBeVisible()
  await expect(tablet.getByText(`Подписная${tag}`).first()).toBeVisible()
  await expect(tablet.getByTestId('signature-sign')).toBeDisabled()
  await drawSignature(tablet)
  await shot(tablet, 'kiosk-signing-1366')
  await tablet.setViewportSize({ width: 390, height: 844 })
  await shot(tablet, 'kiosk-signing-390')
  await tablet.setViewportSize({ width: 1366, height: 800 })
  await tablet.getByTestId('signature-sign').click()
  await expect(tablet.getByTestId('kiosk-thanks')).toBeVisible()
  await shot(tablet, 'kiosk-thanks-1366')

  // The front desk's dialog turns to "Signed" with no reload.
  await expect(request.getByTestId('signature-signed')).toBeVisible()
  await shot(desk, 'request-signed-1366')
  const href = await request.getByTestId('open-signed').getAttribute('href')
  const bytes = Buffer.from(await (await desk.request.get(href!)).body())
  fs.writeFileSync(path.join(dir, 'signed-consent.pdf'), bytes)
  const text = await pdfText(bytes)
  for (const expected of ['Удаление зуба 38', 'Подписано на планшете', `Подписная${tag} Мадина (пациент)`]) expect(text).toContain(expected)

  // The patient's documents list it as signed and verified.
  await request.getByRole('button', { name: 'Закрыть' }).first().click()
  const list = card.getByTestId('printed-documents')
  await expect(list.getByTestId('document-status-signed').first()).toBeVisible()
  await expect(list.getByTestId('document-verified').first()).toBeVisible()
  await shot(desk, 'documents-signed-1366')

  // Back on the tablet: waiting again; at a phone's width too.
  await expect(tablet.getByTestId('kiosk-waiting')).toBeVisible({ timeout: 15_000 })
  await tablet.setViewportSize({ width: 390, height: 844 })
  await shot(tablet, 'kiosk-waiting-390')
})
