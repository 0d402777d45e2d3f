import { expect as baseExpect, test } from '@playwright/test'
import { russianPage } from './support/app'
import { connectApi, uniqueLetters, uniquePhone, type Api } from './support/api'
import { shoot } from './support/shots'
import { TelegramServer } from '../server/support/telegram-server'
import { WhatsappServer } from '../server/support/whatsapp-server'
import { chooseOption } from './support/select'

/**
 * Issue 18, Telegram in Russian: an administrator sets up the clinic's bot on the integrations
 * tab and tests the connection (the bot's name shows); on a patient's communications tab "Link
 * Telegram" shows a one-time link and its QR code; the patient opens it in the (local) Bot API,
 * shares their phone, and the card shows the link without a reload. Then (item 7) the patient
 * writes to the bot: the chats screen shows the conversation unread, the administrator opens it,
 * replies, and the reply's bubble shows it sent. The same tab sets up the clinic's WhatsApp number
 * (local Graph API): the connection test names it and gives the webhook's address.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
// Two journeys on one patient, one after the other: Telegram set up, linked and answered, then the
// same patient answered by WhatsApp (each within its own time limit).
test.describe.configure({ mode: 'serial', timeout: 120_000 })

interface Customer {
  _id: string
  phone: string
}

let tg: TelegramServer
let wa: WhatsappServer
let api: Api
/** The patient of both journeys, made by the first. */
let patient: Customer | undefined

// Playwright reads the fixtures a hook asks for from its first argument: none here.
// eslint-disable-next-line no-empty-pattern
test.beforeAll(async ({}, testInfo) => {
  tg = await new TelegramServer().start(Number(process.env.E2E_TELEGRAM_PORT))
  wa = await new WhatsappServer().start(Number(process.env.E2E_WHATSAPP_PORT))
  api = await connectApi(testInfo.project.use.baseURL!)
})

test.afterAll(async () => {
  // The shared demo clinic goes back to Eskiz, without the Play Mobile account.
  const [settings] = (await api.service<{ _id: string }>('integrations').find({})).data
  await api.service('integrations').patch(settings._id, { smsProvider: 'eskiz', playmobile: { password: '' } }).catch(() => undefined)
  api.close()
  await tg.stop()
  await wa.stop()
})


test('the clinic bot is set up and a patient links Telegram by the QR link', async ({ browser }) => {
  const [settings] = (await api.service<{ _id: string }>('integrations').find({})).data
  await api.service('integrations').patch(settings._id, { telegram: { token: tg.token, mode: 'webhook' } })
  const page = await russianPage(browser)

  await page.goto('/company/profile/integrations')
  await expect(page.getByRole('tab', { name: 'Интеграции' })).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByText('Токен сохранён')).toBeVisible()
  await page.getByTestId('telegram-test').click()
  await expect(page.getByTestId('telegram-check')).toContainText('Подключено: Clinic Bot (@clinic_test_bot)')
  expect(tg.webhook?.url).toMatch(/\/hooks\/telegram\/[0-9a-f]{48}$/)
  await shoot(page, 'telegram-integrations', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'telegram-integrations', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })

  // The SMS provider: Play Mobile with its account; the address for its delivery reports shows once saved.
  const sms = page.getByTestId('sms-provider-settings')
  await chooseOption(sms.getByRole('combobox', { name: 'Провайдер SMS' }), 'Play Mobile (Узбекистан)')
  await sms.getByRole('textbox', { name: 'Логин' }).fill('clinic-pm')
  await sms.locator('#playmobile_password').fill('pm-secret')
  await sms.getByRole('textbox', { name: 'Имя отправителя' }).fill('3700')
  await page.getByTestId('sms-save').click()
  await expect(sms.getByText('Аккаунт настроен')).toBeVisible()
  await expect(page.getByTestId('sms-report-url')).toContainText(/\/hooks\/playmobile\/[0-9a-f]{48}/)
  await expect(sms.locator('#playmobile_password')).toHaveValue('')
  const order = page.getByTestId('channel-order-settings')
  await expect(order.getByRole('combobox', { name: 'Для всей клиники' })).toBeVisible()
  await shoot(page, 'sms-provider-integrations', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'sms-provider-integrations', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })

  // WhatsApp: the number typed in, a template named, the connection tested.
  const whatsapp = page.getByTestId('whatsapp-settings')
  await whatsapp.getByLabel('Идентификатор номера телефона').fill(wa.phoneNumberId)
  await whatsapp.getByLabel('Токен доступа').fill(wa.accessToken)
  await whatsapp.getByLabel('Секрет приложения').fill(wa.appSecret)
  await whatsapp.getByLabel('Проверочный токен').fill('verify-me-please')
  await page.getByTestId('whatsapp-template-reminder').fill('visit_reminder')
  await page.getByTestId('whatsapp-save').click()
  await expect(whatsapp.getByText('Подключён', { exact: true })).toBeVisible()
  await page.getByTestId('whatsapp-test').click()
  await expect(page.getByTestId('whatsapp-check')).toContainText('Подключено: +998 71 200 00 00 (Clinic Test)')
  await expect(page.getByTestId('whatsapp-check')).toContainText(/\/hooks\/whatsapp\/[0-9a-f]{48}/)
  // Meta's dashboard would be given this address; the local Graph API posts the patient's messages to it.
  wa.webhookUrl = /https?:\/\/\S+?\/hooks\/whatsapp\/[0-9a-f]{48}/.exec((await page.getByTestId('whatsapp-check').textContent()) ?? '')?.[0] ?? ''
  await expect(page.getByTestId('channel-order-settings')).toContainText('Telegram, затем WhatsApp, затем SMS')
  await shoot(page, 'whatsapp-integrations', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'whatsapp-integrations', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })

  const phone = uniquePhone()
  const created = await api.service<Customer>('customers').create({ first_name: 'Мадина', last_name: `Телеграмова${uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя')}`, phone })
  patient = created
  await page.goto(`/customer/${created._id}/communications`)
  await expect(page.getByText('Telegram не привязан')).toBeVisible()
  await page.getByTestId('telegram-link-button').click()
  const deep = page.getByTestId('telegram-deep-link')
  await expect(deep.locator('img')).toBeVisible()
  const url = await deep.locator('a').first().getAttribute('href')
  expect(url).toMatch(/^https:\/\/t\.me\/clinic_test_bot\?start=/)
  await shoot(page, 'telegram-patient-link', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'telegram-patient-link', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })

  // The patient opens the link in Telegram and shares their phone: the card shows it live.
  const user = { id: 424242, first_name: 'Madina', username: 'madina_tg', language_code: 'ru' }
  expect(await tg.opens(user, new URL(url!).searchParams.get('start')!)).toBe(200)
  expect(await tg.shareContact(user, phone.replace(/\D/g, ''))).toBe(200)
  await expect(page.getByText(/Привязан: @madina_tg/)).toBeVisible()
  // The used link is not offered again.
  await expect(page.getByTestId('telegram-deep-link')).toHaveCount(0)
  await shoot(page, 'telegram-patient-linked', 'desktop')

  // Issue 18, item 7: the patient writes to the bot; the shared inbox shows it unread, live.
  await page.goto('/pulse')
  await expect(page.getByRole('heading', { name: 'Чаты' })).toBeVisible()
  expect(await tg.says(user, 'Здравствуйте! Можно перенести визит на пятницу? У меня не получается прийти в среду.')).toBe(200)
  const conversation = page.getByTestId('pulse-conversation').filter({ hasText: 'Можно перенести визит' })
  await expect(conversation).toHaveAttribute('data-unread', '1')
  await expect(page.getByTestId('pulse-unread')).toBeVisible()
  await conversation.click()
  await expect(page).toHaveURL(new RegExp(`/pulse/customer/${created._id}$`))
  await expect(page.getByTestId('chat-bubble').filter({ hasText: 'Можно перенести визит' })).toHaveAttribute('data-direction', 'in')
  // Opened: read for the whole clinic, the sidebar's count goes.
  await expect(page.getByTestId('pulse-unread')).toHaveCount(0)
  await page.getByTestId('chat-input').fill('Здравствуйте, Мадина! Да, пятница в 10:00 свободна — записать вас?')
  await page.getByTestId('chat-send').click()
  const reply = page.locator('[data-testid=chat-bubble][data-direction=out]').filter({ hasText: 'пятница в 10:00' })
  // The outbox worker sends it to the (local) Bot API; the bubble shows it sent without a reload.
  await expect(reply).toHaveAttribute('data-state', 'sent')
  expect(tg.sent().some((call) => Number(call.params.chat_id) === user.id && String(call.params.text).includes('пятница в 10:00'))).toBe(true)
  await expect(page.getByTestId('chat-input')).toHaveValue('')
  await shoot(page, 'chat-pulse', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'chat-pulse', 'phone')
  await page.goto(`/customer/${created._id}/chat`)
  await expect(page.getByTestId('chat-bubble')).toHaveCount(2)
  await shoot(page, 'chat-customer-tab', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
  await shoot(page, 'chat-customer-tab', 'desktop')
})

test('the same patient writes by WhatsApp and the reply goes there', async ({ browser }) => {
  const { _id, phone } = patient!
  const page = await russianPage(browser)
  await page.goto(`/customer/${_id}/chat`)
  await expect(page.getByTestId('chat-bubble')).toHaveCount(2)
  // The patient writes by WhatsApp too (Meta calls the clinic's signed webhook): the reply box
  // offers both channels and starts on WhatsApp, where they last wrote; the reply goes there.
  expect(wa.webhookUrl).toMatch(/\/hooks\/whatsapp\//)
  expect(await wa.text(phone.replace(/\D/g, ''), 'А можно отвечать в WhatsApp?', Date.now())).toBe(200)
  await expect(page.getByTestId('chat-bubble').filter({ hasText: 'отвечать в WhatsApp' })).toHaveAttribute('data-direction', 'in')
  await expect(page.getByTestId('chat-channel').locator('.ant-segmented-item-selected')).toHaveText('WhatsApp')
  await page.getByTestId('chat-input').fill('Конечно! Ждём вас в пятницу в 10:00.')
  await page.getByTestId('chat-send').click()
  const byWhatsapp = page.locator('[data-testid=chat-bubble][data-direction=out]').filter({ hasText: 'Ждём вас в пятницу' })
  await expect(byWhatsapp).toHaveAttribute('data-state', 'sent')
  await expect(byWhatsapp).toContainText('WhatsApp')
  expect(wa.sent.some((message) => message.to === phone.replace(/\D/g, '') && message.type === 'text' && JSON.stringify(message.body).includes('Ждём вас в пятницу'))).toBe(true)
  await shoot(page, 'chat-whatsapp-reply', 'desktop')
  await page.setViewportSize({ width: 390, height: 844 })
  await shoot(page, 'chat-whatsapp-reply', 'phone')
  await page.setViewportSize({ width: 1366, height: 800 })
})
