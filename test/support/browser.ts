// Debian's Chromium driven by playwright-core; the flags keep it off the
// network this machine does not have.
import { chromium, type Browser, type Page } from 'playwright-core'

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  })
}

/** A new browser signed in as one of the development provider's people, landed on `path`; a phone's size if asked. */
export async function signedInPage(
  browser: Browser,
  site: string,
  person: string,
  path: string,
  viewport?: { width: number; height: number },
): Promise<Page> {
  const page = await (await browser.newContext(viewport === undefined ? {} : { viewport })).newPage()
  page.setDefaultTimeout(15_000)
  await page.goto(`${site}/auth/sign-in?return=${encodeURIComponent(path)}`)
  await page.getByRole('button', { name: `Sign in as ${person}` }).click()
  await page.waitForURL(`${site}${path}`)
  return page
}
