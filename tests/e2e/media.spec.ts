import { expect as baseExpect, test, type Page } from '@playwright/test'
import sharp from 'sharp'
import { demoAdmin, goodPassword, signIn, uniqueEmail, useEnglish } from './support/app'
import { uniqueLetters } from './support/api'
import { addMember, signInApi, type Api } from './support/socket-api'
import { shotsDir } from './support/shots'

/**
 * Issue 15's media journey, as a doctor: the patient's orthopantomogram and intraoral X-ray of 36
 * each get their image from the X-rays tab (the X-ray's detail), then the two are compared side by
 * side in the viewer with zoom and brightness; the company's media library lists them with their
 * sizes.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('abcdefghijklmnopqrstuvwxyz', 5)

let admin: Api
let page: Page
let patientId: string
let doctorEmail: string
const xrayIds: Record<'panoramic' | 'intraoral', string> = { panoramic: '', intraoral: '' }

/** A picture with some structure: a gradient with a band, `width` x `height`. */
async function picture(width: number, height: number, hue: number): Promise<Buffer> {
  const pixels = Buffer.alloc(width * height * 3)
  for (let y = 0; y < height; y += 1)
    for (let x = 0; x < width; x += 1) {
      const at = (y * width + x) * 3
      const band = Math.abs(y - height / 2) < height / 8 ? 60 : 0
      pixels[at] = Math.min(255, ((x / width) * 200 + band + hue) % 256)
      pixels[at + 1] = Math.min(255, (y / height) * 180 + band)
      pixels[at + 2] = Math.min(255, 120 + band)
    }
  return sharp(pixels, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 }).toBuffer()
}

test.beforeAll(async ({ browser }) => {
  admin = await signInApi(demoAdmin.email, demoAdmin.password)
  doctorEmail = uniqueEmail('media-doctor')
  await addMember(admin, 'doctor', { email: doctorEmail, password: goodPassword, first: 'Dina', last: `Media${tag}` })
  const patient = (await admin.service('customers').create({ first_name: 'Olga', last_name: `Snimkova${tag}`, branchId: admin.auth.branchIds[0] })) as { _id: string }
  patientId = patient._id
  const xray = (data: Record<string, unknown>) => admin.service('xrays').create({ customerId: patientId, ...data }) as Promise<{ _id: string }>
  xrayIds.panoramic = (await xray({ type: 'orthopantomogram', findings: 'Panoramic of the whole mouth' }))._id
  xrayIds.intraoral = (await xray({ type: 'intraoral', teeth: [36] }))._id
  page = await browser.newPage({ viewport: { width: 1366, height: 800 } })
  await useEnglish(page)
  await signIn(page, doctorEmail, goodPassword)
})

test.afterAll(async () => {
  await page.close()
})

test('a doctor adds the images of two X-rays and compares them side by side', async () => {
  await page.goto(`/customer/${patientId}/xrays`)
  const rows = page.getByTestId('xray-row')
  await expect(rows).toHaveCount(2)
  const detail = page.getByTestId('xray-detail')
  const files = detail.locator('.media-attachments')
  // Each X-ray's detail takes its image (the button's file input; a drop goes through the same upload).
  for (const [kind, name, image] of [
    ['Orthopantomogram', 'panoramic.jpg', await picture(1600, 800, 0)],
    ['Intraoral', 'intraoral.jpg', await picture(900, 675, 90)]
  ] as const) {
    await rows.filter({ hasText: kind }).first().click()
    await expect(files.getByText('Files', { exact: true })).toBeVisible()
    await files.locator('input[type=file]').first().setInputFiles({ name, mimeType: 'image/jpeg', buffer: image })
    await expect(files.getByTestId('media-tile')).toHaveCount(1)
    await expect(files.getByText(name)).toBeVisible()
    // Thumbnails come from the server's signed links.
    await expect(files.locator(`img[alt="${name}"]`)).toHaveJSProperty('complete', true)
    if (name === 'intraoral.jpg') break
    await page.keyboard.press('Escape')
    await expect(detail).toBeHidden()
  }
  await page.screenshot({ path: `${shotsDir}/media-xray-1366.png`, fullPage: true })
  // The server holds each image on its X-ray.
  const onXray = async (id: string) => (await admin.service('media').find({ query: { ownerType: 'xrays', ownerId: id } })).data.map((file) => file.title)
  expect(await onXray(xrayIds.panoramic)).toEqual(['panoramic.jpg'])
  expect(await onXray(xrayIds.intraoral)).toEqual(['intraoral.jpg'])

  await page.getByRole('button', { name: 'Open intraoral.jpg' }).click()
  const viewer = page.locator('.media-viewer')
  await expect(viewer.getByTestId('viewer-pane-left').locator('img')).toBeVisible()
  await viewer.getByRole('combobox', { name: 'Compare with…' }).click()
  await page.locator('.ant-select-dropdown:visible').getByText('panoramic.jpg', { exact: false }).click()
  const left = viewer.getByTestId('viewer-pane-left').locator('img')
  const right = viewer.getByTestId('viewer-pane-right').locator('img')
  await expect(right).toBeVisible()
  await expect(left).toHaveAttribute('alt', 'intraoral.jpg')
  await expect(right).toHaveAttribute('alt', 'panoramic.jpg')
  // Both images really loaded (bytes through the download route), not broken links.
  await expect.poll(() => left.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(900)
  await expect.poll(() => right.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(1600)

  // Zoom in twice, brighten: both panes follow.
  await viewer.getByRole('button', { name: 'Zoom in' }).click()
  await viewer.getByRole('button', { name: 'Zoom in' }).click()
  await expect(viewer.getByText('156%')).toBeVisible()
  const brightness = viewer.getByRole('slider', { name: 'Brightness' })
  await brightness.focus()
  for (let step = 0; step < 20; step += 1) await page.keyboard.press('ArrowRight')
  await expect(left).toHaveCSS('filter', /brightness\(1\.2/)
  await expect(right).toHaveCSS('filter', /brightness\(1\.2/)
  await viewer.getByRole('button', { name: 'Rotate' }).click()
  await expect(right).toHaveAttribute('style', /rotate\(90deg\)/)
  await page.screenshot({ path: `${shotsDir}/media-compare-1366.png` })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${shotsDir}/media-compare-390.png` })
  await viewer.getByRole('button', { name: 'Close' }).click()
  await expect(viewer).toHaveCount(0)
  await page.screenshot({ path: `${shotsDir}/media-patient-390.png`, fullPage: true })
  await page.setViewportSize({ width: 1366, height: 800 })

  // The company's library lists them with their sizes, filtered to the patient.
  await page.goto('/company/media')
  await expect(page.getByRole('heading', { name: 'Media library' })).toBeVisible()
  await page.getByRole('combobox', { name: 'Type' }).click()
  await page.locator('.ant-select-dropdown:visible').getByText('Image', { exact: true }).click()
  await expect(page.getByRole('cell', { name: /panoramic\.jpg/ })).toBeVisible()
  await expect(page.getByRole('cell', { name: /intraoral\.jpg/ })).toBeVisible()
  await page.screenshot({ path: `${shotsDir}/media-company-1366.png`, fullPage: true })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: `${shotsDir}/media-company-390.png`, fullPage: true })
})
