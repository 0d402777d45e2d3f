import { expect, type Locator } from '@playwright/test'

/** The antd select a locator names: its root, or the root around its input (a combobox by label). */
function selectRoot(select: Locator): Locator {
  return select.locator('xpath=ancestor-or-self::*[contains(concat(" ", normalize-space(@class), " "), " ant-select ")][1]')
}

/**
 * Picks `option` (its visible text) in an antd Select, and again until the select shows it. On a
 * loaded CI machine a click on a list that is still opening is sometimes lost, and the next step
 * then looks for a field that the choice would have shown (CI saw that). A list still showing from
 * the select before is waited out, or closed by a click on the open dialog's title; not by Escape,
 * which closes the dialog itself once the list has closed meanwhile.
 *
 * `search`: fill the select's search first (true: with the option's text; a string: with it). It is
 * filled, not typed, so a retry with the list still open does not search for the text twice over.
 */
export async function chooseOption(select: Locator, option: string, { search }: { search?: boolean | string } = {}) {
  const page = select.page()
  const root = selectRoot(select)
  const lists = page.locator('.ant-select-dropdown:visible')
  await expect(async () => {
    const ownOpen = ((await root.getAttribute('class')) ?? '').includes('ant-select-open')
    if (!ownOpen && (await lists.count())) {
      await expect(lists).toHaveCount(0, { timeout: 2_000 }).catch(() => page.locator('.ant-modal-title:visible').first().click())
    }
    if (!ownOpen) await root.click({ timeout: 2_000 })
    const input = root.locator('input').first()
    if (search && (await input.isEditable())) await input.fill(search === true ? option : search)
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option').filter({ hasText: option }).first().click({ timeout: 2_000 })
    await expect(root).toContainText(option, { timeout: 2_000 })
  }).toPass({ timeout: 30_000 })
}
