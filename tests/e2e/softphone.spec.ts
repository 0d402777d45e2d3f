import { expect, test, type Page } from '@playwright/test'
import { connectApi, uniqueLetters, uniquePhone } from './support/api'
import { chooseFromAccountMenu, demoAdmin, signIn, useEnglish } from './support/app'
import { shoot } from './support/shots'
import { sippCalls, startKamailio, type Kamailio } from './support/sip-peers'

/**
 * Issue 20 item 3: the softphone against a real SIP proxy on loopback. kamailio (tests/sip) is the
 * registrar; SIPp calls the front desk through it with a WebRTC offer (no media flow, the SIP
 * dialog is what is tested). The front desk sets up the account, the softphone registers, the call
 * rings with the patient's card, is answered (INVITE, 200, ACK), timed, and hung up (BYE, 200):
 * SIPp exits 0 only when every step of its scenario happened.
 */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium'
test.use({
  // A fake microphone that needs no permission prompt: the softphone asks for it when the call is answered.
  launchOptions: {
    executablePath: chromium,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream']
  },
  viewport: { width: 1366, height: 800 }
})

let kamailio: Kamailio | null = null
test.afterAll(async () => {
  await kamailio?.stop()
})

/** One call from SIPp: the toast names the patient, the front desk answers, sees the timer and hangs up. */
async function takeCall(page: Page, caller: { phone: string; name: string }, width: 'desktop' | 'phone') {
  const sipp = sippCalls('frontdesk', caller.phone, 'PBX caller')
  try {
    const toast = page.getByTestId('softphone-incoming')
    await expect(toast).toBeVisible({ timeout: 15_000 })
    await expect(toast.getByTestId('softphone-caller-patient')).toContainText(caller.name)
    await shoot(page, 'softphone-incoming', width)
    await toast.getByRole('button', { name: 'Answer' }).click()
    await expect(toast).toBeHidden()
    const panel = page.getByTestId('softphone-panel')
    await expect(panel.getByTestId('softphone-phase')).toHaveText('Talking', { timeout: 15_000 })
    await expect(panel.getByTestId('softphone-timer')).toHaveText(/^0:0[1-9]$/, { timeout: 5_000 })
    await expect(panel.getByText(caller.name)).toBeVisible()
    await panel.getByRole('button', { name: 'Keypad' }).click()
    await expect(panel.getByTestId('softphone-key-5')).toBeVisible()
    await shoot(page, 'softphone-call', width)
    await panel.getByRole('button', { name: 'Hang up' }).click()
    await expect(panel.getByTestId('softphone-phase')).toHaveText('Call ended')
    const { code, output } = await sipp.done
    expect(code, output).toBe(0)
  } finally {
    await sipp.stop()
  }
}

test('the front desk registers the softphone to kamailio, takes a call from SIPp with the caller\'s card, and hangs up', async ({ page, baseURL }) => {
  test.setTimeout(120_000)
  const api = await connectApi(baseURL!)
  const last = `Zvonkova${uniqueLetters()}`
  const phone = uniquePhone()
  await api.service('customers').create({ first_name: 'Malika', last_name: last, phone, birthdate: '1988-04-12' })
  api.close()
  kamailio = await startKamailio()

  await useEnglish(page)
  await signIn(page, demoAdmin.email, demoAdmin.password)
  // Nothing of the softphone loads before it is set up on this computer.
  await expect(page.getByTestId('softphone-button')).toHaveCount(0)
  await chooseFromAccountMenu(page, 'Softphone', '/profile/softphone')
  await page.getByLabel('SIP server (WebSocket address)').fill('ws://pbx.example.uz:8088/ws')
  await page.getByLabel('SIP user').fill('frontdesk')
  await page.getByRole('button', { name: 'Save and connect' }).click()
  await expect(page.getByText('Use an encrypted address (wss://)')).toBeVisible()
  await expect(page.getByText('This field is required')).toBeVisible()
  await page.getByLabel('SIP server (WebSocket address)').fill(kamailio.url)
  await page.getByLabel('SIP password').fill('not-checked-by-this-proxy')
  await page.getByRole('button', { name: 'Save and connect' }).click()
  await expect(page.getByTestId('softphone-settings-status')).toHaveText('Ready', { timeout: 15_000 })
  // The password is kept on this computer and never shown again.
  await expect(page.getByLabel('SIP password')).toHaveValue('')
  await shoot(page, 'softphone-settings', 'desktop')

  const name = `${last} Malika`
  await takeCall(page, { phone, name }, 'desktop')

  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'softphone-settings', 'phone')
  await takeCall(page, { phone, name }, 'phone')
})
