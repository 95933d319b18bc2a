// SPEC 1, Accounts the content mandates, rule 6, and SPEC 3 "Edit
// suggestion", end to end on NATS with the test provider, the mailer as its
// own process and a real SMTP server: a responsible person suggests a change
// to their page, the inbox gets it with a diff, a reviewer accepts it on the
// desk, the person is mailed, and their account page says where it stands.
import { describe, expect, it } from 'vitest'
import { decodeJson } from '../../server/bus/payload'
import {
  SUGGESTION_SENT,
  suggestionEventSchema,
  type SuggestionEvent,
} from '../../server/suggestions/suggestion-events'
import { readSuggestion, SUGGESTIONS_KV } from '../../server/suggestions/suggestion-record'
import { waitFor } from '../bus/wait'
import { usePeopleWorld } from '../people/people-world'
import { openSuggestForm, postSuggestion, suggest, suggestPath } from './suggest-client'

const world = usePeopleWorld()
const PAGE = '/potholes'
const INBOX = 'streets@example.org'
const KNORD = 'kari.nordmann@example.org'

const mailWith = async (to: string, subject: RegExp) => {
  await waitFor(() => world.mailsTo(to).some((m) => subject.test(m.subject ?? '')), 20_000, `mail to ${to}`)
  return world.mailsTo(to).find((m) => subject.test(m.subject ?? ''))
}

describe('Accounts the content mandates 6: a responsible person suggests a change to their own page', () => {
  it('Accounts the content mandates 6: the page offers "Suggest a change" to the people it names, and to nobody else', async () => {
    const knord = await world.signedIn(world.a, 'knord')
    const own = await (await knord(`${world.a.url}${PAGE}`)).text()
    expect(own).toContain(`href="${suggestPath(PAGE).replace('&', '&amp;')}">Suggest a change</a>`)
    expect(await (await knord(`${world.a.url}/about`)).text()).not.toContain('Suggest a change')
    const kari = await world.signedIn(world.a, 'kari')
    expect(await (await kari(`${world.a.url}${PAGE}`)).text()).not.toContain('Suggest a change')
    expect((await openSuggestForm(kari, world.a.url, PAGE)).status).toBe(404)

    // Every text of the page, each storyline's version side by side and labelled.
    const form = await openSuggestForm(knord, world.a.url, PAGE)
    expect(form.status).toBe(200)
    expect(Object.keys(form.boxes).sort()).toEqual(['block-0.0', 'block-0.1', 'title.0', 'title.1'])
    expect(form.boxes['title.0']).toBe('How we handle pothole reports')
    expect(form.html).toContain('Title, as told in the plain storyline')
    expect(form.html).toContain('Title, as told in the story storyline')
  })

  it('Accounts the content mandates 6: the server checks it with the content lint; one that would break the page is refused beside its field, the words kept', async () => {
    const knord = await world.signedIn(world.a, 'knord')
    const form = await openSuggestForm(knord, world.a.url, PAGE)
    const broken = `${form.boxes['block-0.0'] ?? ''}\n![Map](/site/no-such-map.png)\n`
    const sent = await postSuggestion(knord, world.a.url, PAGE, form, { 'block-0.0': broken })
    expect(sent.status).toBe(422)
    expect(sent.html).toContain('There is a problem')
    expect(sent.html).toMatch(
      /id="s-block-0-0-error">.*\/site\/no-such-map\.png is not a file under public\/; add public\/no-such-map\.png/,
    )
    expect(sent.html).toContain('![Map](/site/no-such-map.png)')
    // Nothing was kept: the account page has no card.
    expect(await (await knord(`${world.a.url}/my`)).text()).not.toContain('Your edit suggestions')
  })

  it('Accounts the content mandates 6 and States "Edit suggestion": kept, published, mailed to the inbox with a diff; accepted on the desk, the person is mailed, the card says accepted', async () => {
    const heard: SuggestionEvent[] = []
    const stop = await world.bus.subscribe(SUGGESTION_SENT, ({ data }) => {
      heard.push(suggestionEventSchema.parse(decodeJson(data)))
    })
    const knord = await world.signedIn(world.a, 'knord')
    const form = await openSuggestForm(knord, world.a.url, PAGE)
    const before = form.boxes['block-0.0'] ?? ''
    const after = before.replace('Dangerous damage is repaired first.', 'Dangerous damage is repaired within a day.')
    const sent = await postSuggestion(knord, world.a.url, PAGE, form, { 'block-0.0': after })
    expect([sent.status, sent.location]).toEqual([303, `${suggestPath(PAGE)}&sent=1`])
    // The same form again (a double click) is the same suggestion.
    expect((await postSuggestion(knord, world.a.url, PAGE, form, { 'block-0.0': after })).status).toBe(303)
    expect(await (await knord(`${world.a.url}${sent.location ?? ''}`)).text()).toContain('Your suggestion was sent')

    // Kept in svc_edit_suggestions, once.
    const kv = await world.bus.kv(SUGGESTIONS_KV)
    const keys = await kv.keys()
    expect(keys).toHaveLength(1)
    const entry = await kv.get(keys[0] ?? '')
    const kept = entry === null ? null : readSuggestion(entry.value)
    expect(kept).toMatchObject({
      page: PAGE,
      state: 'sent',
      by: { email: KNORD },
      changes: [{ key: 'block-0', storyline: 'plain', before, after }],
    })

    // Published.
    await waitFor(() => heard.length > 0, 10_000, 'svc.suggestions.sent')
    expect(heard[0]).toMatchObject({ id: kept?.id, page: PAGE, state: 'sent', changes: 1 })
    stop()

    // Mailed to the site's inbox, the change as a diff in both parts.
    const inbox = await mailWith(INBOX, /^Edit suggestion for "How we handle pothole reports"$/)
    expect(inbox?.text).toContain('Kari Nordmann, kari.nordmann@example.org suggests a change')
    expect(inbox?.text).toContain('-Dangerous damage is repaired first. Questions? Write to')
    expect(inbox?.text).toContain('+Dangerous damage is repaired within a day. Questions? Write to')
    expect(inbox?.html).toContain('+Dangerous damage is repaired within a day.')
    expect(inbox?.html).toContain(`/desk/caseworkers/suggestions#s-${kept?.id ?? ''}`)
    expect(world.mailsTo(INBOX).filter((m) => /^Edit suggestion/.test(m.subject ?? ''))).toHaveLength(1)

    const card = await (await knord(`${world.a.url}/my`)).text()
    expect(card).toContain('Your edit suggestions')
    expect(card).toMatch(/How we handle pothole reports<\/strong>, sent .*<span class="suggestion-state">sent<\/span>/)

    // A reviewer on the desk the content names accepts it.
    const kari = await world.signedIn(world.b, 'kari')
    const deskPage = await (await kari(`${world.b.url}/desk/caseworkers`)).text()
    expect(deskPage).toContain('href="/desk/caseworkers/suggestions"')
    const desk = await (await kari(`${world.b.url}/desk/caseworkers/suggestions`)).text()
    // Word by word, old and new side by side, marked in words as well as drawn.
    expect(desk).toContain('Now (removed words struck through)')
    expect(desk).toMatch(/<del><span class="visually-hidden">\[removed: <\/span>first/)
    expect(desk).toMatch(/<ins><span class="visually-hidden">\[added: <\/span>within a day/)
    expect(desk).not.toContain('@@')
    const csrf = /name="svc_csrf" value="([^"]+)"/.exec(desk)?.[1] ?? ''
    const accept = async () =>
      kari(`${world.b.url}/desk/caseworkers/suggestions`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', origin: world.b.url },
        body: new URLSearchParams({ svc_csrf: csrf, id: kept?.id ?? '', move: 'accept' }).toString(),
      })
    const accepted = await accept()
    expect([accepted.status, accepted.headers.get('location')]).toEqual([
      303,
      `/desk/caseworkers/suggestions?done=accepted#s-${kept?.id ?? ''}`,
    ])
    // The demo folder lies inside the service's own checkout: the desk says the change is to be made by hand.
    expect(await (await kari(`${world.b.url}/desk/caseworkers/suggestions`)).text()).toContain(
      'the change must be made in pages/potholes.yaml in the repository. The new text, to copy:',
    )
    // Pressed again: it moved once, and says so.
    expect((await accept()).headers.get('location')).toContain('?done=stale')

    const told = await mailWith(KNORD, /^Your suggestion for "How we handle pothole reports" was accepted$/)
    expect(told?.text).toContain('/my')
    const cardAfter = await (await knord(`${world.a.url}/my`)).text()
    expect(cardAfter).toMatch(/<span class="suggestion-state">accepted<\/span>/)
    expect(world.mailsTo(KNORD).filter((m) => /^Your suggestion/.test(m.subject ?? ''))).toHaveLength(1)
  })

  it('Accounts the content mandates 6: a suggestion that changes nothing is refused, and a Volunteer may not open the suggestions desk', async () => {
    const knord = await world.signedIn(world.a, 'knord')
    const unchanged = await suggest(knord, world.a.url, PAGE, {})
    expect(unchanged.status).toBe(422)
    expect(unchanged.html).toContain('Change at least one text before you send the suggestion.')
    expect((await knord(`${world.a.url}/desk/caseworkers/suggestions`)).status).toBe(403)
    expect((await knord(`${world.a.url}/desk/road_crew/suggestions`)).status).toBe(404)
  })
})
