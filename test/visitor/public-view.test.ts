// Narrowed public view: what anyone may see of a bucket, in lists, in form
// choices and on record pages; and what desk readers see besides.
import { randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { escaped } from '../support/demo-site'
import { useNatsSite } from './nats-site'
import { fileThrough, filedId, listItem, mainOf, openPage } from './visitor-client'

const world = useNatsSite()
const { visitor, deskMove, pageOf, addDistrict } = world
const unique = (what: string) => `${what} ${randomBytes(4).toString('hex')}`

describe('Narrowed public view', () => {
  it('lists a record publicly only in a public state, with public fields only, not in attributes either', async () => {
    const { base, kari } = world.site()
    const anon = visitor()
    const street = unique('Narrow Lane')
    const details = unique('DETAILS-MARKER')
    const email = `${randomBytes(4).toString('hex')}-contact@example.org`
    const id = filedId(
      await fileThrough(anon, base, '/', 'potholes', {
        street,
        kind: 'pothole',
        details,
        email,
        phone: '+4791234599',
        depth: '7',
      }),
    )
    // `new` is not one of public.states.
    expect(await pageOf(anon, '/')).not.toContain(escaped(street))
    await deskMove('potholes', id, 'accept')
    await expect.poll(async () => mainOf(await pageOf(visitor(), '/')), { timeout: 5000 }).toContain(escaped(street))
    const nora = visitor()
    await world.signInAs(nora, 'nora')
    for (const [client, path] of [
      [visitor(), '/'],
      [visitor('story'), '/potholes'],
      [nora, '/'],
      [anon, '/'],
    ] as const) {
      const html = await pageOf(client, path)
      expect(listItem(html, street), path).toMatch(/>(Pothole|A hole in the road)</)
      for (const secret of [details, email, '+4791234599', '>7<', id])
        expect(html, `${path}: ${secret}`).not.toContain(secret)
    }
    // A desk reader's desk view shows every field.
    const staff = await pageOf(kari, '/staff')
    expect(staff).toContain(escaped(details))
    expect(staff).toContain(email)
  })

  it('a record page is "not found" for a record outside the public view, exactly as for no record at all', async () => {
    const { base, kari } = world.site()
    const name = unique('Retired District')
    const id = await addDistrict(name, 'retired-office@example.org')
    const status = async () => (await openPage(visitor(), `${base}/districts/${id}`)).status
    await expect.poll(status, { timeout: 5000 }).toBe(200)
    expect(await pageOf(visitor(), `/districts/${id}`)).not.toContain('retired-office@example.org')
    await deskMove('districts', id, 'retire')
    await expect.poll(status, { timeout: 5000 }).toBe(404)
    const hidden = await openPage(visitor(), `${base}/districts/${id}`)
    const never = await openPage(visitor(), `${base}/districts/${'x'.repeat(id.length)}`)
    expect(never.status).toBe(404)
    expect(hidden.html.replace(id, 'ID')).toBe(never.html.replace('x'.repeat(id.length), 'ID'))
    // The desk still reads it, every field included.
    const desk = await pageOf(kari, `/districts/${id}`)
    expect(desk).toContain(escaped(name))
    expect(desk).toContain('retired-office@example.org')
  })

  it("offers in a form's record field only the records the visitor may see, by name", async () => {
    const active = unique('Open District')
    const retired = unique('Closed District')
    const retiredId = await addDistrict(retired)
    await addDistrict(active)
    await deskMove('districts', retiredId, 'retire')
    await expect
      .poll(
        async () => {
          const html = await pageOf(visitor(), '/')
          return html.includes(`>${escaped(active)}</option>`) && !html.includes(escaped(retired))
        },
        { timeout: 5000 },
      )
      .toBe(true)
    // A caseworker reads the whole bucket, so the retired district is a choice for them.
    expect(await pageOf(world.site().kari, '/')).toContain(`>${escaped(retired)}</option>`)
  })

  it('pages a long list 20 at a time, newest first, with a link to the next page', async () => {
    const { records } = world.site()
    const prefix = unique('Paged')
    for (let i = 1; i <= 22; i++) {
      const view = await records.file({
        bucket: 'potholes',
        storyline: 'plain',
        fields: { street: `${prefix} ${i}`, kind: 'pothole' },
        submitter: '',
        actor: world.desk,
      })
      await records.move({
        bucket: 'potholes',
        id: view.id,
        edge: 'accept',
        via: 'desk',
        expectSeq: view.seq,
        actor: world.desk,
      })
    }
    await expect
      .poll(async () => mainOf(await pageOf(visitor(), '/potholes')), { timeout: 5000 })
      .toContain(`>${prefix} 22<`)
    const first = mainOf(await pageOf(visitor(), '/potholes'))
    expect(first.match(/<li class="record-item">/g)).toHaveLength(20)
    expect(first.indexOf(`>${prefix} 22<`)).toBeLessThan(first.indexOf(`>${prefix} 3<`))
    expect(first).not.toContain(`>${prefix} 2<`)
    const more = /<a href="([^"]+)">Show more<\/a>/.exec(first)?.[1] ?? ''
    expect(more).toBe('/potholes?page-2=2#list-2-potholes')
    const second = mainOf(await pageOf(visitor(), more.replace(/#.*$/, '')))
    expect(second).toContain(`>${prefix} 2<`)
    expect(second).toContain(`>${prefix} 1<`)
    expect(second).toContain('>Back to the newest</a>')
  })
})

describe('Desk view', () => {
  it('shows a desk list only to people who read the bucket through a desk', async () => {
    const { base, kari } = world.site()
    expect((await openPage(visitor(), `${base}/staff`)).status).toBe(403)
    const nora = visitor()
    await world.signInAs(nora, 'nora')
    const refused = await openPage(nora, `${base}/staff`)
    expect(refused.status).toBe(403)
    expect(refused.html).toContain('Not open to you')
    expect(mainOf(await pageOf(kari, '/staff'))).toContain('<li class="record-item">')
  })
})
