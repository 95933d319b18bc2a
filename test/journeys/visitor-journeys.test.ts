// Issue 26's visitor journeys, each walked whole on a phone, on NATS with the
// mailer as its own process and a real SMTP server: from the first page to
// where the visitor wanted to be, with axe on every page passed.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jpeg } from '../files/upload-client'
import {
  expectNoAxeViolations,
  LAPTOP,
  PHONE,
  signInAs,
  startJourneyWorld,
  type JourneyWorld,
} from '../support/journey-world'

const REFERENCE = /[2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}/
const run = Date.now() % 100_000

let world: JourneyWorld
beforeAll(async () => {
  world = await startJourneyWorld()
}, 90_000)
afterAll(async () => {
  await world?.stop()
})

/** Files a pothole on the home page as told in the plain storyline; the page is left on the thanks. */
async function filePothole(page: Page, street: string, email?: string): Promise<string> {
  await page.goto(world.site)
  await page.getByLabel('Street and nearest house number').fill(street)
  await page.locator('[name="kind"][value="pothole"]').check()
  if (email !== undefined) await page.getByLabel('Your e-mail').fill(email)
  await page.locator('form[action="/file/potholes"] button[type="submit"]').tap()
  await page.waitForURL(/\/\?filed=/)
  const reference = (await page.locator('.thanks-reference strong').innerText()).trim()
  expect(reference).toMatch(REFERENCE)
  return reference
}

/** The one link to the case in a mail's text part. */
function caseLink(text: string | undefined): string {
  const links = [...(text ?? '').matchAll(/https?:\/\/\S+\/my\/potholes\/[^\s)>]+/g)].map(([link]) => link)
  expect(links).toHaveLength(1)
  return links[0] ?? ''
}

describe('issue 26: the visitor journeys, on a phone, through the mailer', () => {
  it('journey 1: the receipt link opens the case on another device, and the verified address lists it', async () => {
    const address = `bo.plain.${run}@example.org`
    const street = `Link Street ${run}`
    const phone = await world.device(PHONE, 'plain')
    const reference = await filePothole(phone, street, address)
    await expectNoAxeViolations(phone)

    const [receipt] = await world.mailTo(address)
    const link = caseLink(receipt?.text)
    // Another device: no cookie of the site, not signed in.
    const other = await world.device(LAPTOP)
    const opened = await other.goto(link)
    expect(opened?.status()).toBe(200)
    await expect(other.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(street)
    await expect(other.locator('main').textContent()).resolves.toContain(reference)
    await expectNoAxeViolations(other)

    // A third browser signs in with the address the provider vouches for: the case is theirs.
    const laptop = await world.device(LAPTOP, 'plain')
    await laptop.goto(`${world.site}/auth/sign-in?return=%2Fmy-reports`)
    await laptop.getByLabel('E-mail address').fill(address)
    await laptop.getByRole('button', { name: 'Sign in with this address' }).click()
    await laptop.waitForURL(`${world.site}/my-reports`)
    await expectNoAxeViolations(laptop)
    await laptop.locator('.record-item', { hasText: street }).getByRole('link', { name: street }).click()
    await laptop.waitForURL(`${world.site}${new URL(link).pathname}`)
    await expect(laptop.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(street)
    await expectNoAxeViolations(laptop)
  }, 120_000)

  it('journey 6: a refused form keeps the photo, says so, and the filed case shows it', async () => {
    const address = `kept.photo.${run}@example.org`
    const phone = await world.device(PHONE, 'plain')
    await phone.goto(world.site)
    await phone.getByLabel('Street and nearest house number').fill(`Kept Photo Lane ${run}`)
    await phone.locator('[name="kind"][value="pothole"]').check()
    await phone.getByLabel('Approximate depth in centimetres').fill('quite deep')
    await phone.getByLabel('Your e-mail').fill(address)
    await phone
      .locator('#f-potholes-photo')
      .setInputFiles({ name: 'photo.jpg', mimeType: 'image/jpeg', buffer: await jpeg(640, 480) })
    await phone.locator('form[action="/file/potholes"] button[type="submit"]').tap()

    await phone.locator('.error-summary').waitFor()
    await expect.poll(() => phone.evaluate(() => document.activeElement?.className ?? '')).toBe('error-summary')
    await expect(phone.locator('.error-summary').innerText()).resolves.toContain('Enter a number')
    await expect(phone.locator('#f-potholes-photo-kept').innerText()).resolves.toBe(
      'photo.jpg is kept; choose another to replace it.',
    )
    await expectNoAxeViolations(phone)

    await phone.getByLabel('Approximate depth in centimetres').fill('12')
    await phone.locator('form[action="/file/potholes"] button[type="submit"]').tap()
    await phone.waitForURL(/\/\?filed=/)
    // The receipt's link, opened on the phone, shows the photo that was never chosen again.
    const [receipt] = await world.mailTo(address)
    await phone.goto(caseLink(receipt?.text))
    const preview = phone.locator('img[src$="/photo?preview=1"]')
    await preview.waitFor()
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0)
    // The preview is a link named for what it opens (axe link-name), read out as the catalogue says.
    const full = phone.getByRole('link', { name: /^Photo: photo\.jpg, \d+ KB, full size$/ })
    await expect(full.getAttribute('href')).resolves.toMatch(/\/attachment\/potholes\/[^/]+\/photo($|\?)/)
    await expect(full.locator('img').count()).resolves.toBe(1)
    await expectNoAxeViolations(phone)
  }, 120_000)

  it("journey 7: staff's message is mailed under the case's reference, and its link opens the case with it", async () => {
    const address = `ref.mail.${run}@example.org`
    const street = `Reference Road ${run}`
    const phone = await world.device(PHONE, 'plain')
    const reference = await filePothole(phone, street, address)
    const id = new URL(phone.url()).searchParams.get('filed') ?? ''

    const kari = await world.device(LAPTOP)
    await kari.goto(`${world.site}/auth/sign-in?return=${encodeURIComponent(`/desk/caseworkers/potholes/${id}`)}`)
    await signInAs(kari, world.site, 'Kari Caseworker', `/desk/caseworkers/potholes/${id}`)
    await kari.getByLabel('Message', { exact: true }).fill('Could you tell us which side of the road it is on?')
    await kari.getByRole('button', { name: 'Send to the submitter' }).click()
    await kari.waitForURL(new RegExp(`/desk/caseworkers/potholes/${id}\\?`))
    await expectNoAxeViolations(kari)

    const mails = await world.mailTo(address, 2)
    const message = mails.find((mail) => mail.text?.includes('which side of the road'))
    expect(message?.subject).toBe(`A message about your case ${reference}`)
    // The id is in the link's path only; what a person reads names the reference.
    const withoutLinks = (message?.text ?? '').replace(/https?:\/\/\S+/g, '')
    for (const part of [message?.subject, withoutLinks]) expect(part).not.toContain(id)
    await phone.goto(caseLink(message?.text))
    await expect(phone.locator('main').textContent()).resolves.toContain(
      'Could you tell us which side of the road it is on?',
    )
    await expect(phone.locator('main').textContent()).resolves.toContain(reference)
    await expectNoAxeViolations(phone)
  }, 120_000)

  it('journey 8: withdrawing a report asks once more, then says it is withdrawn', async () => {
    const street = `Withdrawn Way ${run}`
    const phone = await world.device(PHONE, 'plain')
    await filePothole(phone, street)
    await phone.goto(`${world.site}/my-reports`)
    await expectNoAxeViolations(phone)
    await phone.locator('.record-item', { hasText: street }).getByRole('link', { name: street }).tap()
    await phone.waitForURL(/\/my\/potholes\//)
    await expectNoAxeViolations(phone)

    await phone.getByRole('button', { name: 'Withdraw report' }).tap()
    await phone.waitForURL(/\/self\//)
    // Nothing moved yet: the page asks, and says what the move does.
    await expect(phone.locator('main').textContent()).resolves.toContain(
      'This closes your case, and it cannot be opened again from here.',
    )
    await expectNoAxeViolations(phone)
    await phone.locator('form.self-move-confirm').getByRole('button', { name: 'Withdraw report' }).tap()
    await phone.waitForURL(/\/my\/potholes\/.+moved=/)
    await expect(phone.getByRole('status').textContent()).resolves.toContain('Withdrawn')
    await expect(phone.locator('form.self-move').count()).resolves.toBe(0)
    await expectNoAxeViolations(phone)
  }, 120_000)

  it('journey 10: a visitor who starts to sign in and cancels, or goes back, still finds their report', async () => {
    const street = `Second Thoughts ${run}`
    const phone = await world.device(PHONE, 'plain')
    await filePothole(phone, street)
    await phone.locator('header .account').getByRole('link', { name: 'Sign in' }).tap()
    await phone.getByRole('link', { name: 'Cancel the sign-in' }).tap()
    await phone.waitForURL(/\/auth\/callback/)
    await expect(phone.locator('main').textContent()).resolves.toContain('Nothing has changed here')
    await expectNoAxeViolations(phone)
    await phone.getByRole('link', { name: 'Back to where you were' }).tap()
    await phone.waitForURL(`${world.site}/`)
    await phone.goto(`${world.site}/my-reports`)
    await phone.locator('.record-item', { hasText: street }).getByRole('link', { name: street }).tap()
    await phone.waitForURL(/\/my\/potholes\//)
    await expect(phone.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(street)

    // Once more, and this time the back button instead of cancelling: the sign-in is left waiting.
    await phone.goto(`${world.site}/`)
    await phone.locator('header .account').getByRole('link', { name: 'Sign in' }).tap()
    await phone.getByRole('link', { name: 'Cancel the sign-in' }).waitFor()
    await phone.goBack()
    await phone.goto(`${world.site}/my-reports`)
    await expect(phone.locator('.record-item', { hasText: street }).count()).resolves.toBe(1)
    await expectNoAxeViolations(phone)
  }, 120_000)

  it('journey 9: signed in on a phone, the header stays within 120 px on the way to a report', async () => {
    const address = `header.${run}@example.org`
    const street = `Header Hill ${run}`
    const phone = await world.device(PHONE, 'plain')
    await phone.goto(`${world.site}/auth/sign-in?return=%2F`)
    await phone.getByLabel('E-mail address').fill(address)
    await phone.getByRole('button', { name: 'Sign in with this address' }).tap()
    await phone.waitForURL(`${world.site}/`)
    const header = () => phone.locator('header.site-header').evaluate((h) => h.getBoundingClientRect().height)
    const headingTop = () => phone.locator('main h1').evaluate((h1) => h1.getBoundingClientRect().top)
    expect(await header()).toBeLessThanOrEqual(120)
    await filePothole(phone, street)
    expect(await header()).toBeLessThanOrEqual(120)
    await phone.getByText('Menu').tap()
    await phone
      .locator('.site-menu')
      .getByRole('link', { name: /report/i })
      .first()
      .tap()
    await phone.waitForURL(`${world.site}/my-reports`)
    expect(await header()).toBeLessThanOrEqual(120)
    expect(await headingTop()).toBeLessThan(740 / 3)
    await expectNoAxeViolations(phone)
    await phone.locator('.record-item', { hasText: street }).getByRole('link', { name: street }).tap()
    await phone.waitForURL(/\/my\/potholes\//)
    expect(await header()).toBeLessThanOrEqual(120)
    expect(await headingTop()).toBeLessThan(740 / 3)
    await expect(phone.getByRole('button', { name: 'Sign out' }).isVisible()).resolves.toBe(true)
    await expectNoAxeViolations(phone)
  }, 120_000)
})
