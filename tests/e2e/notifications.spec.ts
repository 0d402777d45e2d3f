import { expect as baseExpect, test } from '@playwright/test'
import { demoAdmin } from './support/app'
import { connectApi, uniqueLetters, uniquePhone, type Api } from './support/api'
import { shotsDir } from './support/shots'

/**
 * Issue 18 in Russian: an administrator edits the SMS reminder template (variable chips, live
 * preview, the segment counter), a visit is booked for a patient, and the patient card's
 * communications tab shows the scheduled messages as they are written, without a reload. Then a
 * broadcast to a tag: the preview counts who gets it and who not and why, and prices it.
 */
const expect = baseExpect.configure({ timeout: 20_000 })
test.describe.configure({ timeout: 120_000 })

interface Member {
  _id: string
}
interface Customer {
  _id: string
}

test('an administrator edits the reminder template and sees the booking in the patient communications', async ({ page, baseURL }) => {
  const api: Api = await connectApi(baseURL!)
  try {
    await page.setViewportSize({ width: 1366, height: 800 })
    await page.addInitScript(() => localStorage.setItem('locale', 'ru'))
    await page.goto('/login')
    await page.locator('input[type=email]').fill(demoAdmin.email)
    await page.locator('input[type=password]').fill(demoAdmin.password)
    await page.getByRole('button', { name: 'Войти' }).click()
    await expect(page.getByRole('navigation', { name: 'Главное меню' })).toBeVisible()

    // The template editor: the SMS reminder in Russian.
    await page.goto('/company/profile/notification-templates')
    await expect(page.getByRole('tab', { name: 'Шаблоны уведомлений' })).toHaveAttribute('aria-selected', 'true')
    const body = page.getByTestId('template-body')
    await expect(body).toHaveValue(/напоминаем о визите|Напомина/i)
    const counter = page.getByTestId('segment-counter')
    await body.fill('Здравствуйте, ')
    await page.getByTestId('variable-patient').click()
    await expect(body).toHaveValue('Здравствуйте, {{patient}}')
    await expect(page.getByTestId('template-preview')).toHaveText('Здравствуйте, Анна')
    await expect(counter).toHaveAttribute('data-segments', '1')
    await expect(counter).toContainText('UCS-2')
    // Past 70 Cyrillic characters the text goes as two parts.
    await body.fill(`{{patient}}, напоминаем: визит {{date}} в {{time}}, врач {{doctor}}. Ждём вас в клинике, пожалуйста, не опаздывайте!`)
    await expect(counter).toHaveAttribute('data-segments', '2')
    await expect(counter).toContainText('2 SMS')
    await page.getByTestId('template-save').click()
    await expect(page.getByText('Сохранено')).toBeVisible()
    await expect(page.getByText('Текст клиники')).toBeVisible()

    // A patient with an e-mail; the patient card's communications tab open.
    const lastName = `Уведомлений${uniqueLetters('абвгдежзиклмнопрстуфхцчшэюя')}`
    const patient = await api.service<Customer>('customers').create({ first_name: 'Мадина', last_name: lastName, phone: uniquePhone(), email: `${uniqueLetters()}@patient.test` })
    await page.goto(`/customer/${patient._id}/communications`)
    await expect(page.getByRole('tab', { name: 'Коммуникации' })).toHaveAttribute('aria-selected', 'true')
    await expect(page.getByText('Пациенту ещё ничего не отправляли')).toBeVisible()

    // A visit booked for them (notify the patient): its messages appear live.
    const [doctor] = (await api.service<Member>('users').find({ query: { acceptsAppointments: true, $limit: 1 } })).data
    const day = 1 + Math.floor(Math.random() * 27)
    const start = new Date(Date.UTC(2032, 1, day, 5 + Math.floor(Math.random() * 8), 5 * Math.floor(Math.random() * 12))).toISOString()
    await api.service('appointment').create({ customerId: patient._id, staffId: doctor._id, start, duration: 30, notifyClient: true, overrideWorkingHours: true })
    const list = page.getByTestId('communications-list')
    await expect(list.getByText('Запись создана', { exact: true })).toBeVisible()
    await expect(list.getByText('Напоминание о визите', { exact: true })).toBeVisible()
    await expect(list.getByTestId('communication-state').first()).toHaveText('Запланировано')
    await expect(list.getByText('E-mail').first()).toBeVisible()

    // The clinic's whole log names the patient; filtered to e-mail, their letters are there.
    await page.goto('/company/communications')
    await expect(page.getByRole('heading', { name: 'Коммуникации' })).toBeVisible()
    await page.getByRole('combobox', { name: 'Канал' }).click()
    await page.locator('.ant-select-dropdown:visible').getByText('E-mail', { exact: true }).click()
    const company = page.getByTestId('communications-list')
    const theirs = company.getByTestId('communication').filter({ has: page.getByRole('link', { name: new RegExp(lastName) }) })
    await expect(theirs.first()).toBeVisible()
    await expect(company.getByTestId('communication').filter({ hasText: 'SMS' })).toHaveCount(0)
    await page.screenshot({ path: `${shotsDir}/communications-1366.png` })

    // A broadcast to a tag: two patients have it, one without promo consent.
    const tag = await api.service<{ _id: string }>('tags').create({ name: `Акция ${uniqueLetters('абвгдежзиклмн')}` })
    await api.service('customers').create({ first_name: 'Дилноза', last_name: lastName, phone: uniquePhone(), promoSmsConsent: true, tagIds: [tag._id] })
    await api.service('customers').create({ first_name: 'Олег', last_name: lastName, phone: uniquePhone(), promoSmsConsent: false, tagIds: [tag._id] })
    const chooseChannel = async (name: string) => {
      await page.getByTestId('dispatch-channel').click()
      await page.locator('.ant-select-dropdown:visible').getByText(name, { exact: true }).click()
    }
    await page.goto('/company/dispatch')
    await expect(page.getByRole('heading', { name: 'Рассылки' })).toBeVisible()
    await page.getByTestId('dispatch-new').click()
    await page.getByTestId('dispatch-name').fill('Весенняя акция')
    await page.getByTestId('dispatch-text').fill('Весенняя скидка 20% на профгигиену, ')
    await page.getByRole('button', { name: 'Имя пациента' }).click()
    await page.getByTestId('dispatch-tags').click()
    await page.locator('.ant-select-dropdown:visible').getByText(/^Акция /).click()
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('dispatch-recipients')).toHaveText('1')
    await expect(page.getByTestId('dispatch-excluded-noPromoConsent')).toContainText('Нет согласия на рекламу: 1')
    await expect(page.getByTestId('dispatch-sample')).toContainText('Отписаться: ')
    await expect(page.getByTestId('dispatch-segments')).toHaveText('2')
    await page.getByTestId('dispatch-preview').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shotsDir}/dispatch-editor-1366.png` })
    // By Telegram: the patient is not linked to the bot; no SMS parts or cost.
    await chooseChannel('Telegram')
    await expect(page.getByTestId('dispatch-excluded-telegramNotLinked')).toContainText('Не привязан Telegram: 1')
    await expect(page.getByTestId('dispatch-recipients')).toHaveText('0')
    await expect(page.getByTestId('dispatch-segments')).toHaveCount(0)
    await expect(page.getByTestId('dispatch-cost')).toHaveCount(0)
    await page.getByTestId('dispatch-preview').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shotsDir}/dispatch-editor-telegram-1366.png` })
    // By the channel order: recipients split by the channel each gets it by.
    await chooseChannel('По порядку каналов (Telegram, WhatsApp, SMS)')
    // Дилноза has only a phone: by SMS where the clinic has an SMS account, else no channel reaches her.
    await expect(page.getByTestId('dispatch-by-sms').or(page.getByTestId('dispatch-excluded-noChannel'))).toContainText(/^(SMS: 1|Ни один канал не доходит: 1)$/)
    await page.getByTestId('dispatch-preview').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shotsDir}/dispatch-editor-order-1366.png` })
    await chooseChannel('SMS')
    await expect(page.getByTestId('dispatch-recipients')).toHaveText('1')
    await page.getByTestId('dispatch-save').click()
    await expect(page.getByTestId('dispatch-list').getByText('Весенняя акция').first()).toBeVisible()
    await page.keyboard.press('Escape')
    await expect(page.locator('.ant-drawer-content-wrapper:visible')).toHaveCount(0)
    await page.screenshot({ path: `${shotsDir}/dispatch-list-1366.png` })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.getByTestId('dispatch-list').getByText('Весенняя акция').first().click()
    await expect(page.getByTestId('dispatch-recipients')).toHaveText('1')
    await page.getByTestId('dispatch-preview').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shotsDir}/dispatch-editor-390.png` })
    await chooseChannel('WhatsApp')
    await expect(page.getByTestId('dispatch-excluded-whatsappWindowClosed')).toContainText('Окно WhatsApp закрыто: 1')
    await page.getByTestId('dispatch-preview').scrollIntoViewIfNeeded()
    await page.screenshot({ path: `${shotsDir}/dispatch-editor-whatsapp-390.png` })
    await page.keyboard.press('Escape')
    await expect(page.locator('.ant-drawer-content-wrapper:visible')).toHaveCount(0)
    await page.screenshot({ path: `${shotsDir}/dispatch-list-390.png` })
  } finally {
    api.close()
  }
})
