// A `view: desk` list is read only by those who may read the bucket (staff),
// so it labels a record's fields and state in staff's words, each one's
// `desk_label:` where the content gives one: "Reporter's e-mail", not the
// visitor's "Your e-mail". The submitter's own case page keeps their words.
import { describe, expect, it } from 'vitest'
import { createCookieFetch } from '../auth/cookie-fetch'
import { fileThrough, filedId } from '../visitor/visitor-client'
import { useDeskWorld } from './desk-world'
import { readPage, textOf } from './page'

const world = useDeskWorld()

describe('a `view: desk` list on a staff page', () => {
  it("labels fields and states with their desk_label, while the submitter's case page keeps the visitor's words", async () => {
    const visitor = createCookieFetch()
    visitor.setCookie(world.service, 'svc_story', 'plain')
    const fields = { street: 'Label Lane 1', kind: 'pothole', email: 'label@example.org' }
    const id = filedId(await fileThrough(visitor, world.service, '/', 'potholes', fields))
    const filed = (await world.seeder.records.get('potholes', id))!
    await world.seeder.records.move({
      bucket: 'potholes',
      id,
      edge: 'withdraw',
      via: 'self',
      expectSeq: filed.seq,
      actor: { kind: 'visitor', session: 'seed' },
    })

    const staff = await world.get(await world.as('kari'), '/staff')
    const item = staff.page
      .all('li.record-item')
      .map(textOf)
      .find((text) => text.includes('Label Lane 1'))
    expect(item).toContain("Reporter's e-mail")
    expect(item).toContain('Withdrawn by the reporter')
    expect(item).not.toContain('Your e-mail')

    const own = readPage(await (await visitor(`${world.service}/my/potholes/${id}`)).text())
    expect(own.text('main')).toContain('Your e-mail')
    expect(own.text('main')).not.toContain("Reporter's e-mail")
  })
})
