// Issue 29, erasure on request as people walk it in Chromium (NATS, the mailer, SMTP, the object store): a
// caseworker erases a case's personal data from the Case desk (confirmation, reason required, "Erased" where the
// values were, "already erased" for a colleague who tries too), and a reporter erases their own from their case
// page. axe checks every page passed.
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  expectNoAxeViolations as noAxeViolations,
  LAPTOP,
  signInAs,
  startJourneyWorld,
  type JourneyWorld,
} from '../support/journey-world'

let world: JourneyWorld
beforeAll(async () => {
  world = await startJourneyWorld()
}, 90_000)
afterAll(async () => {
  await world?.stop()
})

/** Files a pothole with a marker address and description from a fresh browser; the browser and the case's id. */
async function fileCase(street: string): Promise<{ reporter: Page; id: string; email: string; details: string }> {
  const email = `${street.toLowerCase().replace(/\W+/g, '.')}@example.org`
  const details = `Marker ${street}: my neighbour Ola saw it first`
  const reporter = await world.device(LAPTOP, 'plain')
  await reporter.goto(`${world.site}/`)
  await reporter.locator('#f-potholes-street').fill(street)
  await reporter.locator('#f-potholes-kind').check()
  await reporter.locator('#f-potholes-details').fill(details)
  await reporter.locator('#f-potholes-email').fill(email)
  await reporter.getByRole('button', { name: 'Send' }).click()
  await reporter.waitForURL(/\/\?filed=/)
  return { reporter, id: new URL(reporter.url()).searchParams.get('filed') ?? '', email, details }
}

async function signedInKari(landing: string): Promise<Page> {
  const kari = await world.device(LAPTOP)
  await kari.goto(`${world.site}/auth/sign-in?return=${encodeURIComponent(landing)}`)
  await signInAs(kari, world.site, 'Kari Caseworker', landing)
  return kari
}

const field = (page: Page, label: string) =>
  page.locator('.desk-field', { has: page.locator('dt', { hasText: label }) }).locator('dd')

describe('issue 29: erasing personal data on request', () => {
  it(
    'on the Case desk: a confirmation, a reason required, "Erased" on the case, the list and the export, ' +
      'and "already erased" for a second try',
    { timeout: 150_000 },
    async () => {
      const filed = await fileCase('Erase Lane 7')
      const casePath = `/desk/caseworkers/potholes/${filed.id}`
      const kari = await signedInKari(casePath)
      await expect(field(kari, "Reporter's e-mail").textContent()).resolves.toContain(filed.email)
      await noAxeViolations(kari)

      // A colleague opens the same confirmation and writes a reason before Kari erases.
      const colleague = await signedInKari(`${casePath}/erase`)
      await colleague.getByLabel('Reason').fill('The same request, answered twice')

      await kari.getByRole('link', { name: 'Erase personal data' }).click()
      await kari.waitForURL(`${world.site}${casePath}/erase`)
      await expect(kari.locator('h1').textContent()).resolves.toBe('Erase personal data: Erase Lane 7')
      const goes = await kari.locator('.desk-erase-list li').allTextContents()
      expect(goes).toEqual(
        expect.arrayContaining(["Reporter's e-mail", 'who filed the case', 'replies by mail', 'Description']),
      )
      expect(goes).not.toContain('Street and nearest house number')
      await noAxeViolations(kari)

      // The reason is required: the browser asks for it, and only spaces come back with the error beside it.
      const reason = kari.getByLabel('Reason')
      await expect(reason.getAttribute('required')).resolves.not.toBeNull()
      await reason.fill('   ')
      await kari.getByRole('button', { name: 'Erase personal data' }).click()
      await expect(kari.locator('.field-error-message').textContent()).resolves.toBe('Write the reason before erasing.')
      await expect(kari.locator('.error-summary').textContent()).resolves.toContain('Write the reason before erasing.')
      await noAxeViolations(kari)
      await kari.getByLabel('Reason').fill('Request by e-mail of 3 March, address checked')
      await kari.getByRole('button', { name: 'Erase personal data' }).click()
      await kari.waitForURL(`${world.site}${casePath}?erased=done`)

      // The case page: the notice, "Erased" where the personal values were, the rest as it was.
      await expect(kari.locator('main').textContent()).resolves.toContain('The personal data of this case is erased.')
      await expect(field(kari, "Reporter's e-mail").textContent()).resolves.toBe('Erased')
      await expect(field(kari, 'Description').textContent()).resolves.toBe('Erased')
      await expect(field(kari, 'Street and nearest house number').textContent()).resolves.toBe('Erase Lane 7')
      const main = (await kari.locator('main').textContent()) ?? ''
      expect(main).not.toContain(filed.email)
      expect(main).not.toContain(filed.details)
      await expect(kari.locator('section[aria-labelledby="record-erase"]').textContent()).resolves.toContain(
        'Personal data erased',
      )
      await expect(kari.getByRole('link', { name: 'Erase personal data' }).count()).resolves.toBe(0)
      await noAxeViolations(kari)

      // The desk's list marks it; its export says Erased and holds none of it.
      await kari.goto(`${world.site}/desk/caseworkers`)
      const row = kari.locator('section[data-bucket="potholes"] tbody tr', { hasText: 'Erase Lane 7' })
      await expect(row.locator('.desk-erased-tag').textContent()).resolves.toBe('personal data erased')
      await noAxeViolations(kari)
      const csv = await (await kari.request.get(`${world.site}/desk/caseworkers/potholes/export.csv`)).text()
      const line = csv.split('\r\n').find((l) => l.startsWith(filed.id)) ?? ''
      expect(line).toContain('Erased')
      expect(csv).not.toContain(filed.email)
      expect(csv).not.toContain(filed.details)

      // The colleague's confirmation, sent after: already erased.
      await colleague.getByRole('button', { name: 'Erase personal data' }).click()
      await colleague.waitForURL(`${world.site}${casePath}?erased=already`)
      await expect(colleague.locator('main').textContent()).resolves.toContain(
        'The personal data of this case was already erased.',
      )
      await noAxeViolations(colleague)
    },
  )

  it(
    'by the reporter: "Erase my personal data" on their case page asks first, then it is erased',
    { timeout: 120_000 },
    async () => {
      const filed = await fileCase('Own Erase Street 8')
      const { reporter } = filed
      await reporter.getByRole('link', { name: 'Follow your case' }).click()
      await reporter.waitForURL(`${world.site}/my/potholes/${filed.id}`)
      await noAxeViolations(reporter)

      // Asked first; "No" leaves it as it was.
      await reporter.getByRole('link', { name: 'Erase my personal data' }).click()
      await reporter.waitForURL(`${world.site}/self/potholes/${filed.id}/erase`)
      await expect(reporter.locator('h1').textContent()).resolves.toBe('Erase your personal data from this case?')
      const goes = await reporter.locator('.case-erase-list li').allTextContents()
      expect(goes).toEqual(expect.arrayContaining(['Your e-mail', 'that you filed it', 'Description']))
      await noAxeViolations(reporter)
      await reporter.getByRole('link', { name: 'No, keep it' }).click()
      await reporter.waitForURL(`${world.site}/my/potholes/${filed.id}`)
      await expect(reporter.locator('main').textContent()).resolves.toContain(filed.email)

      await reporter.getByRole('link', { name: 'Erase my personal data' }).click()
      await reporter.getByRole('button', { name: 'Yes, erase it' }).click()
      await reporter.waitForURL(`${world.site}/self/potholes/${filed.id}/erase?erased=done`)
      await expect(reporter.locator('h1').textContent()).resolves.toBe('Your personal data is erased')
      await expect(reporter.locator('main').textContent()).resolves.not.toContain(filed.email)
      await noAxeViolations(reporter)

      // The desk sees the case, without them.
      const kari = await signedInKari(`/desk/caseworkers/potholes/${filed.id}`)
      await expect(field(kari, "Reporter's e-mail").textContent()).resolves.toBe('Erased')
      await expect(field(kari, 'Street and nearest house number').textContent()).resolves.toBe('Own Erase Street 8')
      await expect(kari.locator('main').textContent()).resolves.not.toContain(filed.details)
    },
  )
})
