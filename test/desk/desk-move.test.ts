// POST /desk/{desk}/{bucket}/{id}/move: a declared move from the version
// the person saw, made through post/redirect/get, and every way it is refused.
import { describe, expect, it } from 'vitest'
import { moveForms, path, useDeskWorld } from './desk-world'
import { attr, textOf } from './page'

const world = useDeskWorld()

describe('moving a record on a desk', () => {
  it(
    "States and transitions and Events 2: the record's projected state is updated by the desk handler. A moved " +
      'record appends events.',
    async () => {
      const kari = await world.as('kari')
      const view = await world.seeder.file('potholes', { street: 'Elm Street 3', kind: 'crack' })
      const [accept] = moveForms(await world.get(kari, path(view)))
      const response = await kari(`${world.service}${accept!.action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams(accept!.fields).toString(),
      })
      expect(response.status).toBe(303)
      expect(response.headers.get('location')).toBe(`${path(view)}?moved=accept`)

      const after = await world.get(kari, `${path(view)}?moved=accept`)
      expect(after.page.text('[role="status"]')).toBe('Moved to Accepted')
      expect(after.page.text('.desk-state')).toBe('Pothole reports: Accepted')
      expect(after.page.all('.desk-history-entry .desk-history-what').map(textOf)).toEqual([
        'Filed in Received',
        'Moved from Received to Accepted (Accept, on a desk)',
      ])
      expect(after.page.text('.desk-history-entry:last-child .desk-history-who')).toBe('by Kari Caseworker')
      expect(moveForms(after).map((m) => m.fields.edge)).toEqual(['schedule', 'fix'])
      // The same event, seen from another instance on the bus.
      const history = await world.seeder.records.history('potholes', view.id)
      expect(history.at(-1)).toMatchObject({
        type: 'moved',
        from: 'new',
        to: 'accepted',
        edge: 'accept',
        via: 'desk',
        actor: { kind: 'person', subject: 'kari', name: 'Kari Caseworker' },
      })
      await expect.poll(() => world.seeder.index.get('potholes', view.id)?.state).toBe('accepted')
    },
  )

  it("answers a form from before someone else's move with 409 and a way to reload", async () => {
    const kari = await world.as('kari')
    const view = await world.seeder.file('potholes', { street: 'Oak Street 8', kind: 'kerb' })
    const forms = moveForms(await world.get(kari, path(view)))
    await world.seeder.move(view, 'accept')
    const reject = forms.find((m) => m.fields.edge === 'reject')!
    const stale = await world.post(kari, reject.action, reject.fields)
    expect(stale.status).toBe(409)
    expect(stale.page.text('main p')).toContain('This case was just changed by someone else. Reload to see it.')
    expect(stale.page.all('main a').map((a) => attr(a, 'href'))).toContain(path(view))
    expect((await world.seeder.records.get('potholes', view.id))?.state).toBe('accepted')
  })

  it(
    'refuses a move without the CSRF token or its one-time token (403), an edge not declared from the state ' +
      '(409) and one the policy forbids (403)',
    async () => {
      const view = await world.seeder.file('potholes', { street: 'Ash Lane 2', kind: 'crack' })
      const kari = await world.as('kari')
      const [accept] = moveForms(await world.get(kari, path(view)))
      const { svc_csrf: _token, ...withoutToken } = accept!.fields
      expect((await world.post(kari, accept!.action, withoutToken)).status).toBe(403)
      const { svc_submission: _submission, ...withoutSubmission } = accept!.fields
      expect((await world.post(kari, accept!.action, withoutSubmission)).status).toBe(403)
      expect((await world.post(kari, accept!.action, { ...accept!.fields, svc_csrf: 'forged' })).status).toBe(403)
      for (const edge of ['fix', 'withdraw', 'no_such_move']) {
        const refused = await world.post(kari, accept!.action, { ...accept!.fields, edge })
        expect(refused.status, edge).toBe(409)
        expect(refused.page.text('main h1')).toBe('This move is not available')
      }
      const rolf = await world.as('rolf')
      const [rolfAccept] = moveForms(await world.get(rolf, path(view, 'road_crew')))
      expect(
        (await world.post(rolf, `${path(view, 'road_crew')}/move`, { ...rolfAccept!.fields, edge: 'reject' })).status,
      ).toBe(403)
      expect((await world.seeder.records.get('potholes', view.id))?.state).toBe('new')
    },
  )

  it('is a 404 for a record id that does not exist', async () => {
    const kari = await world.as('kari')
    const [accept] = moveForms(
      await world.get(kari, path(await world.seeder.file('potholes', { street: 'Yew Lane 9', kind: 'crack' }))),
    )
    const missing = await world.post(kari, '/desk/caseworkers/potholes/AAAAAAAAAAAAAAAAAAAAAA/move', accept!.fields)
    expect(missing.status).toBe(404)
  })

  it('takes the same button pressed twice as one move, and answers a later repeat with that move', async () => {
    const kari = await world.as('kari')
    const view = await world.seeder.file('potholes', { street: 'Pine Road 1', kind: 'pothole' })
    const [accept] = moveForms(await world.get(kari, path(view)))
    const twice = await Promise.all([
      world.post(kari, accept!.action, accept!.fields),
      world.post(kari, accept!.action, accept!.fields),
    ])
    expect(twice.map((answer) => [answer.status, answer.headers.get('location')])).toEqual([
      [303, `${path(view)}?moved=accept`],
      [303, `${path(view)}?moved=accept`],
    ])
    expect((await world.seeder.records.history('potholes', view.id)).map((h) => h.type)).toEqual(['filed', 'moved'])
    // The case moves on; the same form sent again is still that one move, stored once.
    const accepted = await world.seeder.index.waitFor('potholes', view.id, view.seq + 1, 5000)
    await world.seeder.move(accepted!, 'fix')
    const repeat = await world.post(kari, accept!.action, accept!.fields)
    expect([repeat.status, repeat.headers.get('location')]).toEqual([303, `${path(view)}?moved=accept`])
    expect((await world.seeder.records.history('potholes', view.id)).map((h) => h.edge ?? h.type)).toEqual([
      'filed',
      'accept',
      'fix',
    ])
  })

  it("answers a stale form within the duplicate window with 409: another tab's same move is not this one", async () => {
    const kari = await world.as('kari')
    const view = await world.seeder.file('potholes', { street: 'Birch Road 5', kind: 'crack' })
    const [firstTab] = moveForms(await world.get(kari, path(view)))
    const [secondTab] = moveForms(await world.get(kari, path(view)))
    expect([secondTab!.fields.edge, secondTab!.fields.seq]).toEqual([firstTab!.fields.edge, firstTab!.fields.seq])
    expect((await world.post(kari, firstTab!.action, firstTab!.fields)).status).toBe(303)
    const stale = await world.post(kari, secondTab!.action, secondTab!.fields)
    expect(stale.status).toBe(409)
    expect(stale.page.text('main p')).toContain('This case was just changed by someone else. Reload to see it.')
    expect((await world.seeder.records.history('potholes', view.id)).map((h) => h.type)).toEqual(['filed', 'moved'])
  })
})
