// A caseworker on a 360 px phone, in the README's development mode, works a
// desk's People view: opens it from the desk, sends the invite form empty and
// half filled and reads each error beside its field, invites a volunteer by
// address and someone by phone number, withdraws the volunteer's invite and
// invites them again. Once without JavaScript and once with it: the page
// ships none of its own, so both must work the same.
//
// axe-core checks this view in test/a11y/sweep.test.ts; the checks below
// cover what it cannot see (the errors tied to their fields once sent, tap
// sizes, no sideways scrolling after each step).
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core'
import { launchChromium } from '../support/browser'
import { startDevServer, type RunningServer } from '../support/server'

let browser: Browser
beforeAll(async () => {
  browser = await launchChromium()
})
afterAll(async () => {
  await browser?.close()
})

const PHONE = { width: 360, height: 740 }
const overflow = 'document.documentElement.scrollWidth - document.documentElement.clientWidth'

/**
 * Every control a finger must hit that is shorter than 44 px or sticks out of the viewport, described. A string for
 * the page to run: this project's TypeScript knows no DOM.
 */
const badControls = (page: Page) =>
  page.evaluate<
    string[]
  >(`[...document.querySelectorAll('button, input:not([type="hidden"]), select, textarea, a.button')]
    .flatMap((control) => {
      const box = control.getBoundingClientRect()
      const fits = box.height >= 44 && box.left >= 0 && box.right <= document.documentElement.clientWidth
      const what = (control.textContent || '').trim() || control.getAttribute('name')
      return fits ? [] : [control.tagName + ' "' + what + '": ' + JSON.stringify(box)]
    })`)

/** The page fits the phone: nothing scrolls sideways and every control is big enough and on screen. */
async function fitsThePhone(page: Page) {
  await expect(page.evaluate(overflow)).resolves.toBe(0)
  await expect(badControls(page)).resolves.toEqual([])
}

/** Taps a button or link that loads a new page (a post answered 400 keeps the same URL), and waits for that page. */
async function tapThrough(page: Page, target: Locator) {
  await Promise.all([page.waitForEvent('load'), target.tap()])
}

/**
 * The error shown for a field: tied to its input by aria-describedby, inside the same field as its label, and just
 * above the input, so it is read and seen beside it.
 */
async function errorBeside(page: Page, label: string): Promise<string> {
  const control = page.getByLabel(label, { exact: true })
  await expect(control.getAttribute('aria-invalid')).resolves.toBe('true')
  const describedBy = await control.getAttribute('aria-describedby')
  expect(describedBy).toMatch(/-error$/)
  const error = page.locator(`[id="${describedBy}"]`)
  const field = page.locator('.field', { has: control })
  await expect(field.locator(`[id="${describedBy}"]`).count()).resolves.toBe(1)
  const [errorBox, controlBox] = await Promise.all([error.boundingBox(), control.boundingBox()])
  expect(errorBox).not.toBeNull()
  expect(controlBox).not.toBeNull()
  if (errorBox !== null && controlBox !== null) {
    const gap = controlBox.y - (errorBox.y + errorBox.height)
    expect(gap).toBeGreaterThanOrEqual(0)
    expect(gap).toBeLessThan(24)
  }
  return (await error.textContent()) ?? ''
}

/** The problems listed first in a refused form, each a link to its field. */
async function summary(page: Page): Promise<string[]> {
  const box = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'The invite was not sent' }) })
  const links = box.getByRole('link')
  for (const link of await links.all()) {
    const target = await link.getAttribute('href')
    expect(target).toMatch(/^#invite-/)
    await expect(page.locator(target ?? '').count()).resolves.toBe(1)
  }
  return links.allTextContents()
}

/** How opaque a card's button is drawn, all its ancestors' opacity multiplied in. */
const opacityOf = (page: Page, member: string, button: string) =>
  page.evaluate(`(() => {
    const card = [...document.querySelectorAll('li.member')].find((li) => li.textContent.includes(${JSON.stringify(member)}))
    let element = [...card.querySelectorAll('button')].find((b) => b.textContent === ${JSON.stringify(button)})
    let opacity = 1
    for (; element; element = element.parentElement) opacity *= Number(getComputedStyle(element).opacity)
    return opacity
  })()`)

const noError = async (page: Page, label: string) => {
  const control = page.getByLabel(label, { exact: true })
  await expect(control.getAttribute('aria-invalid')).resolves.toBeNull()
  await expect(control.getAttribute('aria-describedby')).resolves.toBeNull()
}

describe.each([
  { javaScriptEnabled: false, runs: 'without JavaScript' },
  { javaScriptEnabled: true, runs: 'with JavaScript' },
])('People view on a 360 px phone ($runs)', ({ javaScriptEnabled }) => {
  let server: RunningServer & { readonly site: string }
  let phone: BrowserContext
  beforeAll(async () => {
    server = await startDevServer()
    phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true, javaScriptEnabled })
    // The plain storyline, so the desk's title is known.
    await phone.addCookies([{ name: 'svc_story', value: 'plain', url: server.site }])
  })
  afterAll(async () => {
    await phone?.close()
    await server?.stop()
  })

  it('invite, errors beside fields, the link for a phone number, remove, invite again', async () => {
    const { site } = server
    const people = `${site}/desk/caseworkers/people`
    const page = await phone.newPage()
    page.setDefaultTimeout(15_000)

    // Kari signs in and opens her desk, then its People view from the link on it.
    await page.goto(`${site}/auth/sign-in?return=${encodeURIComponent('/desk/caseworkers')}`)
    await tapThrough(page, page.getByRole('button', { name: 'Sign in as Kari Caseworker' }))
    await page.waitForURL(`${site}/desk/caseworkers`)
    await tapThrough(page, page.getByRole('link', { name: /^People on this desk/ }))
    await page.waitForURL(people)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('People: Case desk')
    await expect(page.getByRole('heading', { level: 2 }).allTextContents()).resolves.toEqual([
      'Invite someone',
      // Groups by the label content gives them (site.yaml groups:).
      'Caseworkers (0)',
      'Street Watch volunteers (0)',
    ])
    const group = page.getByLabel('Group', { exact: true })
    await expect(group.locator('option').allTextContents()).resolves.toEqual([
      'Choose a group',
      'Caseworkers',
      'Street Watch volunteers',
    ])
    await fitsThePhone(page)
    // The way back to the desk is a link a finger hits too.
    const back = page.getByRole('link', { name: 'Back to Case desk' })
    await expect(back.boundingBox().then((box) => box?.height)).resolves.toBeGreaterThanOrEqual(44)

    // Sent empty: each field says what is missing, beside it.
    const send = page.getByRole('button', { name: 'Send the invite' })
    await tapThrough(page, send)
    expect(page.url()).toBe(people)
    await expect(errorBeside(page, 'Name')).resolves.toBe('Write the name of the person you invite.')
    await expect(errorBeside(page, 'E-mail address or phone number')).resolves.toBe(
      'Write an e-mail address or a phone number.',
    )
    await expect(errorBeside(page, 'Group')).resolves.toBe('Choose one of the groups this desk invites into.')
    await expect(page.getByRole('status').count()).resolves.toBe(0)
    // And the problems are listed first, so nobody misses them below the fold.
    await expect(summary(page)).resolves.toEqual([
      'Name: Write the name of the person you invite.',
      'E-mail address or phone number: Write an e-mail address or a phone number.',
      'Group: Choose one of the groups this desk invites into.',
    ])
    await fitsThePhone(page)

    // Half filled: the good name is kept and not marked; the bad address is kept and marked.
    await page.getByLabel('Name', { exact: true }).fill('Nils Nabo')
    await page.getByLabel('E-mail address or phone number').fill('nils.nabo@')
    await tapThrough(page, send)
    await noError(page, 'Name')
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('Nils Nabo')
    await expect(errorBeside(page, 'E-mail address or phone number')).resolves.toBe(
      'That is not an e-mail address (like name@example.org).',
    )
    await expect(page.getByLabel('E-mail address or phone number').inputValue()).resolves.toBe('nils.nabo@')
    await expect(errorBeside(page, 'Group')).resolves.toBe('Choose one of the groups this desk invites into.')
    await expect(summary(page)).resolves.toEqual([
      'E-mail address or phone number: That is not an e-mail address (like name@example.org).',
      'Group: Choose one of the groups this desk invites into.',
    ])
    await fitsThePhone(page)

    // Put right, the invite goes by mail: the notice, and Nils's card under volunteers.
    await page.getByLabel('E-mail address or phone number').fill('Nils.Nabo@Example.org')
    await group.selectOption('volunteers')
    await tapThrough(page, send)
    await page.waitForURL(`${people}?done=invited`)
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'The invite is sent. The link in it works until the time shown below.',
    )
    const volunteers = page.getByRole('region', { name: 'volunteers' })
    const nils = volunteers.locator('li.member', { hasText: 'Nils Nabo' })
    await expect(nils.count()).resolves.toBe(1)
    await expect(nils.locator('.member-badge').textContent()).resolves.toBe('Invited')
    await expect(nils.locator('.member-reach').textContent()).resolves.toBe('nils.nabo@example.org')
    await expect(nils.locator('.member-link').textContent()).resolves.toMatch(/^The link works until /)
    // The form is empty again for the next person.
    await expect(page.getByLabel('Name', { exact: true }).inputValue()).resolves.toBe('')
    await noError(page, 'Name')
    await fitsThePhone(page)

    // By phone number: no SMS is sent, so Kari gets the link to pass on, once.
    await page.getByLabel('Name', { exact: true }).fill('Pia Telefon')
    await page.getByLabel('E-mail address or phone number').fill('912 34 588')
    await group.selectOption('caseworkers')
    await tapThrough(page, send)
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pass the invite link on')
    await expect(page.getByRole('alert').count()).resolves.toBe(0)
    await expect(page.locator('main').textContent()).resolves.toContain('Pia Telefon is invited into Caseworkers.')
    const link = page.getByRole('textbox', { name: 'Invite link' })
    await expect(link.getAttribute('readonly')).resolves.not.toBeNull()
    await expect(link.isEditable()).resolves.toBe(false)
    await expect(link.inputValue()).resolves.toMatch(new RegExp(`^${site}/invite/[a-z2-7]{48}$`))
    await fitsThePhone(page)
    await tapThrough(page, page.getByRole('link', { name: 'Back to people' }))
    await page.waitForURL(people)
    const pia = page.getByRole('region', { name: 'caseworkers' }).locator('li.member', { hasText: 'Pia Telefon' })
    await expect(pia.locator('.member-badge').textContent()).resolves.toBe('Invited')
    await expect(pia.locator('.member-reach').textContent()).resolves.toBe('91 23 45 88')

    // Kari takes Nils's invite back: his card says Removed and offers to invite him again.
    await tapThrough(page, nils.getByRole('button', { name: 'Withdraw the invite' }))
    await page.waitForURL(`${people}?done=removed`)
    await expect(page.getByRole('status').textContent()).resolves.toBe(
      'Removed. They lose the group at their very next click.',
    )
    await expect(nils.locator('.member-badge').textContent()).resolves.toBe('Removed')
    await expect(nils.getByRole('button').allTextContents()).resolves.toEqual(['Invite again'])
    await expect(nils.locator('.member-link').count()).resolves.toBe(0)
    // Only the text of a removed card is faded: the button keeps its full contrast.
    await expect(opacityOf(page, 'Nils Nabo', 'Invite again')).resolves.toBe(1)
    await fitsThePhone(page)

    // Invited again, he is back to Invited with a fresh link mailed.
    await tapThrough(page, nils.getByRole('button', { name: 'Invite again' }))
    await page.waitForURL(`${people}?done=invited`)
    await expect(nils.locator('.member-badge').textContent()).resolves.toBe('Invited')
    await expect(nils.getByRole('button').allTextContents()).resolves.toEqual(['Withdraw the invite'])
    await fitsThePhone(page)
    await page.close()
  })
})
