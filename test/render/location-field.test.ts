// Issue 26, smaller things: with maps off, the location field offers "Use my
// position" (map.js, loaded alone) and keeps its two boxes behind "Type
// coordinates instead", a disclosure that works without script; its example
// is said once. A file kept from a refused post is named beside its field.
import { describe, expect, it } from 'vitest'
import { renderForm } from '../../server/render/form'
import { renderDocument } from '../../server/render/document'
import { englishMessages } from '../../server/messages/messages'
import { html } from '../../server/render/html'
import { said } from '../../server/messages/said'
import { byId } from './dom'
import { potholes } from './fixture'

const render = (options: Parameters<typeof renderForm>[2] = {}) => renderForm(potholes, 0, options).toString()
const location = (form: string) =>
  /<fieldset class="field field-location[^"]*">[\s\S]*?<\/fieldset>/.exec(form)?.[0] ?? ''

describe('Issue 26: the location field with maps off', () => {
  it('puts the two boxes behind "Type coordinates instead", says its example once, and offers the script its words', () => {
    const field = location(render())
    expect(field).toMatch(/<details class="location-typed"><summary>Type coordinates instead<\/summary>/)
    expect(field.match(/for example/g)).toHaveLength(1)
    expect(field).toContain('data-locate data-locate-label="Use my position"')
    expect(field).toContain('data-located="Your position is filled in: {lat}, {lng}."')
    const lat = byId(field, 'f-potholes-location')
    expect(lat?.attributes['aria-describedby']).toContain('f-potholes-location-note')
    expect(byId(field, 'f-potholes-location-note')?.name).toBe('p')
  })

  it('opens the disclosure when coordinates were typed or are refused', () => {
    expect(location(render({ values: { 'location.lat': '59.9' } }))).toContain('<details class="location-typed" open>')
    const refused = location(render({ errors: { location: said('answer.lat-lng') } }))
    expect(refused).toContain('<details class="location-typed" open>')
  })

  it('with maps on, keeps the map picker without the disclosure', () => {
    const field = location(render({ mapPicker: { attribution: 'Tiles' } }))
    expect(field).not.toContain('<details')
    expect(field).toContain('data-map-picker')
  })

  it('loads the service script alone on a page that gives a place without a map', () => {
    const assets = {
      css: '/pkg/site.css',
      script: '/pkg/map.js',
      maps: { css: '/l.css', scripts: ['/l.js', '/pkg/map.js'] },
    }
    const page = (parts: { maps?: boolean; locate?: boolean }) =>
      renderDocument({
        m: englishMessages,
        lang: 'en',
        title: 't',
        assets,
        themeHref: '/t.css',
        banner: html``,
        nav: [],
        main: html``,
        ...parts,
      })
    expect(page({ locate: true })).toContain('<script src="/pkg/map.js" defer></script>')
    expect(page({ locate: true })).not.toContain('/l.js')
    expect(page({})).not.toContain('<script')
    expect(page({ maps: true })).toContain('<script src="/l.js" defer></script>')
  })
})

describe('Issue 26 item 6: a file kept from a refused post', () => {
  it('is named beside its field, escaped, described to the input, which is no longer required', () => {
    const form = render({ filesEnabled: true, kept: { photo: '<img src=x>.jpg' } })
    expect(form).toContain(
      '<p class="field-kept" id="f-potholes-photo-kept">&lt;img src=x&gt;.jpg is kept; choose another to replace it.</p>',
    )
    expect(byId(form, 'f-potholes-photo')?.attributes['aria-describedby']).toContain('f-potholes-photo-kept')
    const required = {
      ...potholes,
      fields: potholes.fields.map((f) => (f.name === 'photo' ? { ...f, required: true } : f)),
    }
    const kept = renderForm(required, 0, { filesEnabled: true, kept: { photo: 'a.jpg' } }).toString()
    expect(byId(kept, 'f-potholes-photo')?.attributes.required).toBeUndefined()
    const fresh = renderForm(required, 0, { filesEnabled: true }).toString()
    expect(byId(fresh, 'f-potholes-photo')?.attributes.required).toBe('')
  })

  it('opens the refused form on its error summary', () => {
    expect(render({ errors: { depth: said('answer.number') } })).toMatch(
      /<div class="error-summary"[^>]* tabindex="-1" autofocus>/,
    )
  })
})
