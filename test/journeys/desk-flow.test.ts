// Issue 26, journeys 2, 3, 4 and 5 (and the desk's half of 8), as staff walk them at laptop size in the journey
// world (NATS, the mailer as its own process, a real SMTP server): an invite from the Case desk ends on the desk
// the invited person may open; a reply by mail shows on the caseworker's desk list as unread, with its last
// activity, until they open the case, and the desk's `notify:` address is mailed a link that opens it; a work
// order's link opens the case on the crew's own desk; closing asks once more. axe checks every page passed.
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { jpeg } from '../files/upload-client'
import {
  expectNoAxeViolations as noAxeViolations,
  LAPTOP,
  PHONE,
  signInAs as signInThrough,
  startJourneyWorld,
  type JourneyWorld,
} from '../support/journey-world'

const NOTIFY = 'casework@example.org'

let world: JourneyWorld
beforeAll(async () => {
  // The demo, with its Case desk asking to be told of replies.
  world = await startJourneyWorld((content) => {
    const desk = join(content, 'desks/caseworkers.yaml')
    writeFileSync(desk, `${readFileSync(desk, 'utf8')}notify: ${NOTIFY}\n`)
  })
}, 90_000)
afterAll(async () => {
  await world?.stop()
})

const laptopPage = (): Promise<Page> => world.device(LAPTOP)

/** Signs in through the development provider as `person`, from where the page is now. */
const signInAs = (page: Page, person: string, landing: string): Promise<void> =>
  signInThrough(page, world.site, person, landing)

describe('issue 26: where one feature hands over to the next on the desks', () => {
  it(
    'journey 2: invited from the Case desk into volunteers, Nora accepts by mail and lands on Street Watch, not a 403',
    { timeout: 120_000 },
    async () => {
      const kari = await laptopPage()
      await kari.goto(`${world.site}/auth/sign-in?return=${encodeURIComponent('/desk/caseworkers/people')}`)
      await signInAs(kari, 'Kari Caseworker', '/desk/caseworkers/people')
      await noAxeViolations(kari)
      // The group menu names the group as content labels it.
      await kari.getByLabel('Name').fill('Nora Nobody')
      await kari.locator('#invite-contact').fill('nora@example.org')
      await kari.locator('#invite-group').selectOption({ label: 'Street Watch volunteers' })
      await kari.getByRole('button', { name: 'Send the invite' }).click()
      await kari.waitForURL(/\/desk\/caseworkers\/people\?done=invited/)
      await noAxeViolations(kari)

      // The mail names the group by its label and the desk it opens.
      const mail = (await world.mailTo('nora@example.org'))[0]!
      const text = (mail.text ?? '').replace(/\s+/g, ' ')
      expect(text).toContain('Kari Caseworker has invited you to join Street Watch volunteers')
      expect(text).toContain('As one of them you can open the Street Watch desk.')
      const link = /https?:\/\/\S+\/invite\/[a-z0-9]+/.exec(mail.text ?? '')?.[0] ?? ''
      expect(link.startsWith(`${world.site}/invite/`)).toBe(true)

      // Nora, in her own browser, reads the invite in the storyline it gave her, signs in and is welcomed.
      const nora = await laptopPage()
      await nora.goto(link)
      const storyline = (await nora.context().cookies()).find((c) => c.name === 'svc_story')?.value ?? ''
      const story = world.model.storylines.indexOf(storyline)
      expect(story).toBeGreaterThanOrEqual(0)
      const group = world.model.groups?.get('volunteers')?.label[story] ?? ''
      const desk = world.model.desks.get('street_watch')?.title[story] ?? ''
      expect([group, desk]).toEqual(
        story === 0
          ? ['Street Watch volunteers', 'Street Watch desk']
          : ['Street Watchers', 'Street Watch: reports to confirm'],
      )
      await expect(nora.locator('main').textContent()).resolves.toContain(
        `Kari Caseworker has invited Nora Nobody to join ${group}. As one of them you can open the ${desk}.`,
      )
      await noAxeViolations(nora)
      await nora.getByRole('link', { name: 'Sign in to accept' }).click()
      await signInAs(nora, 'Nora Nobody', new URL(link).pathname)
      await expect(nora.locator('main').textContent()).resolves.toContain(
        `You are now in ${group}. You can now open the ${desk}.`,
      )
      await noAxeViolations(nora)

      // Its one button opens the desk she may open.
      const [response] = await Promise.all([
        nora.waitForResponse((r) => r.url() === `${world.site}/desk/street_watch`),
        nora.getByRole('link', { name: `Open the ${desk}` }).click(),
      ])
      expect(response.status()).toBe(200)
      // Desks are read in the staff storyline, whatever her browser was given.
      await expect(nora.locator('h1').textContent()).resolves.toBe('Street Watch desk')
      await noAxeViolations(nora)

      // The People view shows her by her verified name and address, in the group's label.
      await kari.goto(`${world.site}/desk/caseworkers/people`)
      const section = kari.locator('section.people-group', { hasText: 'Street Watch volunteers' })
      await expect(section.locator('.member-name').first().textContent()).resolves.toContain('Nora Nobody')
      await expect(section.locator('.member-name').first().textContent()).resolves.toContain('nora@example.org')
    },
  )

  it(
    'journey 4: a reply by mail shows as unread on the desk, sorts by last activity, filters, ' +
      'clears when opened, and mails the desk a link that opens the case',
    { timeout: 150_000 },
    async () => {
      // Two cases filed with an address; the first one filed is the one answered.
      const ids: string[] = []
      for (const street of ['Answer Alley 1', 'Quiet Quay 2']) {
        const visitor = await laptopPage()
        await visitor.goto(`${world.site}/`)
        await visitor.locator('#f-potholes-street').fill(street)
        await visitor.locator('#f-potholes-kind').check()
        await visitor.locator('#f-potholes-email').fill('ann@example.org')
        await visitor.getByRole('button', { name: 'Send' }).click()
        await visitor.waitForURL(/\/\?filed=/)
        ids.push(new URL(visitor.url()).searchParams.get('filed') ?? '')
      }
      const [answered] = ids
      const receipts = await world.mailTo('ann@example.org', 2)
      const receipt = receipts.find((mail) => mail.text?.includes('Answer Alley 1'))!

      // The caseworker has seen both cases; nothing is unread yet.
      const kari = await laptopPage()
      await kari.goto(`${world.site}/auth/sign-in?return=${encodeURIComponent('/desk/caseworkers')}`)
      await signInAs(kari, 'Kari Caseworker', '/desk/caseworkers')
      const potholes = kari.locator('section[data-bucket="potholes"]')
      await expect(potholes.locator('.desk-unread').count()).resolves.toBe(0)
      await expect(potholes.getByRole('columnheader', { name: 'Last activity' }).count()).resolves.toBe(1)
      await noAxeViolations(kari)

      // Ann replies to her receipt by mail.
      await world.reply(receipt, 'ann@example.org', 'It has grown: two wheels fit in it now.\n')

      // Her case shows as unread, by a word with the case's name, not colour alone.
      const row = (name: string) => potholes.locator('tbody tr', { hasText: name })
      await expect
        .poll(
          async () => {
            await kari.reload()
            return row('Answer Alley 1').locator('.desk-unread').count()
          },
          { timeout: 20_000 },
        )
        .toBe(1)
      await expect(row('Answer Alley 1').locator('.desk-unread').textContent()).resolves.toBe('Unread')
      // Read out with the case's link, as its description.
      await expect(
        row('Answer Alley 1').getByRole('link', { name: 'Answer Alley 1' }).getAttribute('aria-describedby'),
      ).resolves.toBe(`potholes-${answered}-unread`)
      await expect(row('Quiet Quay 2').locator('.desk-unread').count()).resolves.toBe(0)
      await noAxeViolations(kari)

      // Newest filing first puts the quiet case on top; last activity first puts the answered one there.
      const names = () => potholes.locator('tbody tr td:first-child a').allTextContents()
      await expect(names()).resolves.toEqual(['Quiet Quay 2', 'Answer Alley 1'])
      await potholes.getByRole('link', { name: 'Last activity' }).click()
      await kari.waitForURL(/sort=activity/)
      await expect(names()).resolves.toEqual(['Answer Alley 1', 'Quiet Quay 2'])
      await expect(potholes.locator('th[aria-sort="descending"]').textContent()).resolves.toBe('Last activity')

      // The filter shows only the unread case.
      await potholes.getByLabel('Only with unread replies').check()
      await potholes.getByRole('button', { name: 'Show' }).click()
      await kari.waitForURL(/unread=1/)
      await expect(names()).resolves.toEqual(['Answer Alley 1'])
      await noAxeViolations(kari)

      // Opened, it is read: the marker is gone and the filter finds nothing.
      await potholes.getByRole('link', { name: 'Answer Alley 1' }).click()
      await kari.waitForURL(`${world.site}/desk/caseworkers/potholes/${answered}`)
      await expect(kari.locator('main').textContent()).resolves.toContain('It has grown: two wheels fit in it now.')
      await kari.goBack()
      await kari.reload()
      await expect(potholes.locator('tbody tr').count()).resolves.toBe(0)
      await kari.goto(`${world.site}/desk/caseworkers?bucket=potholes&sort=activity`)
      await expect(potholes.locator('.desk-unread').count()).resolves.toBe(0)

      // The desk's notify address was told, in staff words, with the one staff link.
      const notices = await world.mailTo(NOTIFY)
      expect(notices).toHaveLength(1)
      const notice = notices[0]!
      expect(notice.subject).toMatch(/^New reply on case [2-9A-HJKMNP-TV-Z]{3}-[2-9A-HJKMNP-TV-Z]{3}: Answer Alley 1$/)
      expect(notice.text).toContain('It has grown: two wheels fit in it now.')
      const resolver = `${world.site}/desk/case/potholes/${answered}`
      expect(notice.text).toContain(resolver)
      expect(notice.replyTo).toBeUndefined()
      // It opens the case on a desk of whoever follows it: Rolf of the road crew, signed out, signs in first.
      const rolf = await laptopPage()
      await rolf.goto(resolver)
      await signInAs(rolf, 'Rolf Roads', `/desk/road_crew/potholes/${answered}`)
      await expect(rolf.locator('main').textContent()).resolves.toContain('It has grown: two wheels fit in it now.')
      await noAxeViolations(rolf)
      // Kari, signed in, lands on the Case desk.
      await kari.goto(resolver)
      await kari.waitForURL(`${world.site}/desk/caseworkers/potholes/${answered}`)
    },
  )

  it(
    "journey 3: the work order's link opens the case on the road crew's desk; closing asks once more and says it mails the reporter",
    { timeout: 150_000 },
    async () => {
      const reporter = 'wo.reporter@example.org'
      const visitor = await world.device(LAPTOP, 'plain')
      await visitor.goto(`${world.site}/`)
      await visitor.locator('#f-potholes-street').fill('Work Order Way 3')
      await visitor.locator('[name="kind"][value="pothole"]').check()
      await visitor.locator('#f-potholes-email').fill(reporter)
      await visitor.getByRole('button', { name: 'Send' }).click()
      await visitor.waitForURL(/\/\?filed=/)
      const id = new URL(visitor.url()).searchParams.get('filed') ?? ''
      const onDesk = (desk: string) => `/desk/${desk}/potholes/${id}`

      const kari = await laptopPage()
      await kari.goto(`${world.site}/auth/sign-in?return=${encodeURIComponent(onDesk('caseworkers'))}`)
      await signInAs(kari, 'Kari Caseworker', onDesk('caseworkers'))
      for (const move of ['Accept', 'Schedule repair']) {
        await kari.getByRole('button', { name: move, exact: true }).click()
        await kari.waitForURL(new RegExp(`${onDesk('caseworkers')}\\?moved=`))
      }
      await noAxeViolations(kari)

      // The work order links the case once, through the resolver, never through the Case desk.
      const [order] = await world.mailTo('roadcrew@example.org')
      expect(order?.subject).toBe('Work order: Work Order Way 3')
      const resolver = `${world.site}/desk/case/potholes/${id}`
      expect((order?.text ?? '').split(resolver)).toHaveLength(2)
      expect(order?.text).not.toContain('/desk/caseworkers/')
      expect(order?.html || '').not.toContain('/desk/caseworkers/')

      // Rolf of the road crew, signed out, follows it: sign-in first, then his own desk.
      const rolf = await laptopPage()
      await rolf.goto(resolver)
      await signInAs(rolf, 'Rolf Roads', onDesk('road_crew'))
      await expect(rolf.locator('main').textContent()).resolves.toContain('Work Order Way 3')
      await noAxeViolations(rolf)
      await rolf.getByRole('button', { name: 'Mark repaired', exact: true }).click()
      await rolf.waitForURL(new RegExp(`${onDesk('road_crew')}\\?moved=`))
      await noAxeViolations(rolf)

      // Vera's desk holds potholes too; someone with no desk is told whom to ask, not shown the case.
      const vera = await laptopPage()
      await vera.goto(resolver)
      await signInAs(vera, 'Vera Volunteer', onDesk('street_watch'))
      const stranger = await laptopPage()
      await stranger.goto(resolver)
      await stranger.getByLabel('E-mail address').fill('no.desk@example.org')
      await stranger.getByRole('button', { name: 'Sign in with this address' }).click()
      await stranger.waitForURL(resolver)
      await expect(stranger.locator('main').textContent()).resolves.toContain('ask the people who run')
      await expect(stranger.locator('main').textContent()).resolves.not.toContain('Work Order Way 3')
      await noAxeViolations(stranger)

      // Closing asks once more, saying the reporter is mailed; then the reporter is.
      await kari.reload()
      await kari.getByRole('button', { name: 'Close', exact: true }).click()
      await expect(kari.locator('main').textContent()).resolves.toContain(
        'This moves the case from Repaired to Closed.',
      )
      await expect(kari.locator('main').textContent()).resolves.toContain('The reporter is mailed about this move.')
      await noAxeViolations(kari)
      await kari.locator('main form').getByRole('button', { name: 'Close', exact: true }).click()
      await kari.waitForURL(new RegExp(`${onDesk('caseworkers')}\\?moved=`))
      const mails = await world.mailTo(reporter, 4)
      expect(mails.map((mail) => mail.subject)).toEqual([
        'We got your report on Work Order Way 3',
        'Your report about Work Order Way 3 has been accepted',
        'Repaired: Work Order Way 3',
        'Report closed: Work Order Way 3',
      ])
    },
  )

  it(
    'journey 5: from the queue the case opens with its details and photo first; a move with its own note mails ' +
      'the reporter that note, and the link opens the case',
    { timeout: 150_000 },
    async () => {
      const reporter = 'case.first@example.org'
      const phone = await world.device(PHONE, 'plain')
      await phone.goto(`${world.site}/`)
      await phone.locator('#f-potholes-street').fill('Case First Close 5')
      await phone.locator('[name="kind"][value="pothole"]').check()
      await phone.locator('#f-potholes-email').fill(reporter)
      await phone
        .locator('#f-potholes-photo')
        .setInputFiles({ name: 'hole.jpg', mimeType: 'image/jpeg', buffer: await jpeg(640, 480) })
      await phone.locator('form[action="/file/potholes"] button[type="submit"]').tap()
      await phone.waitForURL(/\/\?filed=/)
      const id = new URL(phone.url()).searchParams.get('filed') ?? ''

      const kari = await laptopPage()
      await kari.goto(`${world.site}/auth/sign-in?return=${encodeURIComponent('/desk/caseworkers')}`)
      await signInAs(kari, 'Kari Caseworker', '/desk/caseworkers')
      await kari.getByRole('link', { name: 'Case First Close 5' }).click()
      await kari.waitForURL(`${world.site}/desk/caseworkers/potholes/${id}`)
      const top = (selector: string) =>
        kari
          .locator(selector)
          .first()
          .evaluate((element) => element.getBoundingClientRect().top)
      const firstMove = await top('section[aria-labelledby="record-moves"] button')
      expect(await top('section[aria-labelledby="record-details"]')).toBeLessThan(800)
      await kari.locator('.desk-preview img').waitFor()
      expect(await top('.desk-preview img')).toBeLessThan(firstMove)
      await noAxeViolations(kari)

      const reject = kari.locator('section[aria-labelledby="record-moves"] form', {
        has: kari.getByRole('button', { name: 'Reject: not municipal' }),
      })
      await reject.getByLabel('Note for Reject: not municipal (optional)').fill('The county owns this road.')
      await reject.getByRole('button', { name: 'Reject: not municipal' }).click()
      await kari.waitForURL(new RegExp(`/desk/caseworkers/potholes/${id}\\?moved=reject`))
      await expect(kari.locator('section[aria-labelledby="record-history"]').innerText()).resolves.toContain(
        'The county owns this road.',
      )
      await noAxeViolations(kari)

      const mails = await world.mailTo(reporter, 2)
      const passedOn = mails.find((mail) => mail.subject === 'About your report on Case First Close 5')
      expect(passedOn?.text).toContain('The county owns this road.')
      const link = /https?:\/\/\S+\/my\/potholes\/[^\s)>]+/.exec(passedOn?.text ?? '')?.[0] ?? ''
      await phone.goto(link)
      await expect(phone.locator('main').innerText()).resolves.toContain('Not ours to fix')
      await noAxeViolations(phone)
    },
  )
})
