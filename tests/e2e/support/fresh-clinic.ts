import type { Browser, Page } from '@playwright/test'
import { registerClinic, useEnglish, type Owner } from './app'
import { signInApi, type Api } from './socket-api'

/** A serial suite's own clinic: registered at /welcome in one English page, its owner also on the socket API. */
export interface FreshClinic {
  page: Page
  api: Api
}

export async function openFreshClinic(browser: Browser, owner: Owner): Promise<FreshClinic> {
  const page = await (await browser.newContext()).newPage()
  await useEnglish(page)
  await registerClinic(page, owner)
  return { page, api: await signInApi(owner.email, owner.password) }
}

export async function closeFreshClinic(clinic: Partial<FreshClinic>) {
  clinic.api?.close()
  await clinic.page?.context().close()
}
