import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect as baseExpect, test, type Locator, type Page, type WebSocketRoute } from '@playwright/test'
import { ipcChannels } from '../../main/src/ipc-channels'
import { offlineIpcHandlers } from '../../main/src/offline/offline-ipc'
import { openOfflineStore } from '../../main/src/offline/offline-store'
import type { OfflineDaySnapshot } from '../../main/src/offline/offline-types'
import { addDays, companyToday, instantOfWallTime } from '../../renderer/src/features/appointments/zoned-time'
import { demoAdmin, goodPassword, signIn, useEnglish } from './support/app'
import { connectApi, uniqueLetters, uniquePhone, type Api } from './support/api'
import { shoot } from './support/shots'

/**
 * Issue 20 item 2: the front desk's outage in the desktop shell. The shell's preload is stood in
 * for by a `window.clinicDesktop` whose offline verbs reach, through the shell's own IPC handlers
 * (their argument checks included), the REAL local store on a temporary file in this process.
 * The outage is real for the page: its websockets are closed and refused and every request
 * fails, so the server receives nothing until the connection is given back.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
const tag = uniqueLetters('abcdefghijklmnopqrstuvwxyz', 6)
const storeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'clinic-offline-e2e-'))
const store = openOfflineStore(path.join(storeDir, 'offline-day.sqlite3'))
const handlers = offlineIpcHandlers(() => store, () => true)

interface Row { _id: string; [key: string]: unknown }

let api: Api
let zone: string
let branchId: string
let doctor: Row
let patient: Row
let other: Row
let tomorrow: string
/** Each day the page saved, as the store received it. */
const saved: OfflineDaySnapshot[] = []

const at = (time: string) => {
  const [year, month, day] = tomorrow.split('-').map(Number)
  const [hour, minute] = time.split(':').map(Number)
  return instantOfWallTime({ year, month, day, hour, minute }, zone).toISOString()
}

test.beforeAll(async () => {
  api = await connectApi(`http://localhost:${process.env.E2E_PORT}`)
  zone = ((await api.service<{ timezone: string }>('my-company').get('mine')) as { timezone: string }).timezone
  tomorrow = addDays(companyToday(zone), 1)
  ;[{ _id: branchId }] = (await api.service<Row>('branches').find({ query: { isMain: true } })).data
  const [role] = (await api.service<Row>('roles').find({ query: { key: 'doctor' } })).data
  // A doctor of this journey alone, working every day, so no other journey takes their slots.
  const hours = [{ start: '08:00', end: '20:00' }]
  doctor = await api.service<Row>('users').create({
    email: `offline-${tag}@e2e.test`,
    first_name: 'Nodira',
    last_name: `Offline${tag}`,
    roleId: role._id,
    branchIds: [branchId],
    password: goodPassword,
    acceptsAppointments: true,
    schedule: { week: Object.fromEntries(['1', '2', '3', '4', '5', '6', '7'].map((key) => [key, hours])) }
  })
  // On the price list the day saves: an offline booking names it, and the free starts offered for a taken slot are searched for it.
  await api.service('service').create({ name: `Cleaning ${tag}`, duration: 30, price: 150_000_00 })
  patient = await api.service<Row>('customers').create({ first_name: 'Aziza', last_name: `Karimova${tag}`, phone: uniquePhone() })
  other = await api.service<Row>('customers').create({ first_name: 'Bobur', last_name: `Aliyev${tag}`, phone: uniquePhone() })
  await api.service('appointment').create({ branchId, customerId: patient._id, staffId: doctor._id, start: at('10:00'), duration: 30 })
  // Bobur's visit at 9 puts his card in the saved day: the offline booking picks him from there.
  await api.service('appointment').create({ branchId, customerId: other._id, staffId: doctor._id, start: at('09:00'), duration: 30 })
})

test.afterAll(async () => {
  api?.close()
  store.close()
  fs.rmSync(storeDir, { recursive: true, force: true })
})

/** The shell's preload, for the page: its offline verbs go to the shell's handlers and the real store. */
async function standInForTheShell(page: Page) {
  await page.exposeFunction('clinicOfflineIpc', async (channel: string, args: unknown[]) => {
    const handler = handlers[channel as keyof typeof handlers] as (event: unknown, ...rest: unknown[]) => Promise<unknown>
    if (channel === ipcChannels.offlineSaveDay) saved.push(args[0] as OfflineDaySnapshot)
    return handler({}, ...args)
  })
  const verbs = Object.fromEntries(Object.entries(ipcChannels).filter(([name]) => name.startsWith('offline')))
  await page.addInitScript((offlineVerbs: Record<string, string>) => {
    const call = (window as unknown as { clinicOfflineIpc(channel: string, args: unknown[]): Promise<unknown> }).clinicOfflineIpc
    const bridge: Record<string, unknown> = {
      printDocument: async () => false,
      dial: async () => false,
      appInfo: async () => ({ version: 'e2e', platform: 'linux' }),
      listPrinters: async () => [],
      printerChoices: async () => null
    }
    for (const [verb, channel] of Object.entries(offlineVerbs)) bridge[verb] = (...args: unknown[]) => call(channel, args)
    Object.assign(window, { clinicDesktop: bridge })
  }, verbs)
}

/** Chooses in a searchable select by typing the option's words. */
async function pick(select: Locator, option: string) {
  await select.fill(option)
  await select.press('Enter')
}

/** The outage: every websocket of the page closed and refused, every request failed. */
function outageSwitch(page: Page) {
  let down = false
  const open = new Set<WebSocketRoute>()
  return {
    async install() {
      await page.routeWebSocket(/\/socket\.io\//, (socket) => {
        if (down) return void socket.close()
        const server = socket.connectToServer()
        open.add(socket)
        socket.onClose(() => {
          open.delete(socket)
          void server.close()
        })
      })
      await page.route('**/*', (route) => (down ? route.abort('internetdisconnected') : route.fallback()))
    },
    async cut() {
      down = true
      for (const socket of [...open]) await socket.close()
    },
    restore() {
      down = false
    }
  }
}

test('a front-desk outage: the day at hand, writes kept, sent when back, a taken slot settled', async ({ page }) => {
  test.setTimeout(180_000)
  const loaded = new Set<string>()
  page.on('response', (response) => loaded.add(new URL(response.url()).pathname))
  await page.setViewportSize({ width: 1366, height: 800 })
  await useEnglish(page)
  await standInForTheShell(page)
  const outage = outageSwitch(page)
  await outage.install()
  await signIn(page, demoAdmin.email, demoAdmin.password)

  // Signed in and connected, the page saves the branch's today and tomorrow, the visit included,
  // and loads the offline screens' code in the background.
  await expect.poll(() => saved.some((day) => day.branchId === branchId && day.records.some((record) => record.kind === 'appointment' && record.data.customerId === patient._id))).toBe(true)
  const lastSaved = saved[saved.length - 1]
  expect(lastSaved.days).toEqual([companyToday(zone), tomorrow])
  expect(lastSaved.records.some((record) => record.kind === 'staff' && record._id === doctor._id)).toBe(true)
  expect(lastSaved.records.some((record) => record.kind === 'customer' && record._id === patient._id)).toBe(true)
  await expect.poll(() => [...loaded].some((name) => /\/OfflineDayRoutes-[\w-]+\.js$/.test(name))).toBe(true)

  // The outage.
  await outage.cut()
  const banner = page.locator('.offline-banner')
  await expect(banner).toContainText('Offline, 0 changes waiting.')
  await banner.getByRole('link', { name: 'Open the offline day' }).click()
  await expect(page.getByRole('heading', { level: 1, name: 'Offline day' })).toBeVisible()
  await page.locator('.offline-day-toolbar').getByText('Tomorrow').click()
  const visit = page.getByRole('listitem', { name: `10:00 Karimova${tag} Aziza` })
  await expect(visit).toContainText(`Offline${tag} Nodira`)

  // Check the patient in.
  await visit.getByRole('button', { name: 'Check in' }).click()
  await expect(visit).toContainText('Arrived')

  /** The rest of the booking form: the journey's doctor and service, tomorrow at `time`. */
  const bookTomorrow = async (form: Locator, time: string) => {
    await pick(form.getByLabel('Doctor'), `Offline${tag} Nodira`)
    await pick(form.getByLabel('Service'), `Cleaning ${tag}`)
    await form.getByText('Tomorrow').click()
    await form.getByLabel('Time').fill(time)
    await form.getByRole('button', { name: 'Book', exact: true }).click()
    await expect(form).toBeHidden()
  }

  // Book a new patient at 11:00.
  await page.getByRole('button', { name: 'Book a visit' }).click()
  const dialog = page.getByRole('dialog', { name: 'Book a visit' })
  await dialog.getByText('New patient').click()
  await dialog.getByLabel('Last name').fill(`Yusupov${tag}`)
  await dialog.getByLabel('First name').fill('Olim')
  await dialog.getByLabel('Phone').fill('+998 90 555 66 77')
  await bookTomorrow(dialog, '11:00')
  await expect(page.getByRole('listitem', { name: `11:00 Yusupov${tag} Olim` })).toContainText('Not sent yet')

  // A note on the checked-in patient's card.
  await visit.getByRole('button', { name: 'Add a note' }).click()
  const noteDialog = page.getByRole('dialog', { name: `Note for Karimova${tag} Aziza` })
  await noteDialog.getByLabel('Note').fill(`Allergic to latex ${tag}`)
  await noteDialog.getByRole('button', { name: 'Save' }).click()
  await expect(noteDialog).toBeHidden()

  // And a cached patient at 12:00, a slot another user takes meanwhile on the server.
  await page.getByRole('button', { name: 'Book a visit' }).click()
  await pick(dialog.getByLabel('Find a patient'), `Aliyev${tag} Bobur`)
  await bookTomorrow(dialog, '12:00')
  await expect(banner).toContainText('Offline, 5 changes waiting.')

  // The server has received none of it.
  expect((await api.service('customers').find({ query: { last_name: `Yusupov${tag}` } })).total).toBe(0)
  expect((await api.service('notes').find({ query: { customerId: patient._id } })).total).toBe(0)
  const [booked] = (await api.service<Row>('appointment').find({ query: { customerId: patient._id } })).data
  expect(booked.status).toBe('planned')
  // Another user, at another computer, books the doctor at 12:00 meanwhile.
  const colleague = await connectApi(`http://localhost:${process.env.E2E_PORT}`, { email: `offline-${tag}@e2e.test`, password: goodPassword })
  const walkIn = await api.service<Row>('customers').create({ first_name: 'Dilshod', last_name: `Taken${tag}`, phone: uniquePhone() })
  const taken = await colleague.service<Row>('appointment').create({ branchId, customerId: walkIn._id, staffId: doctor._id, start: at('12:00'), duration: 30 })
  colleague.close()

  for (const size of [{ width: 1366, height: 800, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }]) {
    await page.setViewportSize(size)
    await shoot(page, 'offline-day', size.name)
  }
  await page.setViewportSize({ width: 1366, height: 800 })

  // The connection comes back: the outbox is sent once, and what the server refused waits for a person.
  outage.restore()
  const notice = page.getByRole('status').filter({ hasText: 'changes sent' })
  await expect(notice).toContainText('4 changes sent. 1 needs attention.', { timeout: 40_000 })
  expect((await api.service<Row>('appointment').get(booked._id)).status).toBe('arrived')
  const [newcomer] = (await api.service<Row>('customers').find({ query: { last_name: `Yusupov${tag}` } })).data
  expect(newcomer).toBeTruthy()
  const newcomerVisits = (await api.service<Row>('appointment').find({ query: { customerId: newcomer._id } })).data
  expect(newcomerVisits.map((row) => [row.start, row.staffId])).toEqual([[at('11:00'), doctor._id]])
  expect((await api.service<Row>('notes').find({ query: { customerId: patient._id } })).data.map((row) => row.text)).toEqual([`Allergic to latex ${tag}`])
  const visitsOfOther = async () => (await api.service<Row>('appointment').find({ query: { customerId: other._id, $sort: { start: 1 } } })).data
  expect((await visitsOfOther()).map((row) => row.start)).toEqual([at('09:00')])

  // The conflict inbox: the taken slot, with the doctor's free starts; one is booked, online.
  await notice.getByRole('link', { name: 'Open the conflicts' }).click()
  const conflict = page.locator('.ant-card').filter({ hasText: 'The time was taken meanwhile.' })
  await expect(conflict).toContainText(`Aliyev${tag} Bobur`)
  const suggestions = conflict.getByRole('button', { name: /^Book / })
  await expect(suggestions.first()).toBeVisible()
  for (const size of [{ width: 1366, height: 800, name: 'desktop' }, { width: 390, height: 844, name: 'phone' }]) {
    await page.setViewportSize(size)
    await shoot(page, 'offline-conflicts', size.name)
  }
  await page.setViewportSize({ width: 1366, height: 800 })
  await suggestions.first().click()
  await expect(page.getByText('Nothing needs attention.')).toBeVisible()
  const rebooked = (await visitsOfOther()).filter((row) => row.start !== at('09:00'))
  expect(rebooked).toHaveLength(1)
  expect(rebooked[0].start).not.toBe(taken.start)
  expect(rebooked[0].staffId).toBe(doctor._id)
})
