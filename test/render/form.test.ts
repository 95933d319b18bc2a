import { describe, expect, it } from 'vitest'
import { CSRF_FIELD } from '../../server/forms/service-fields'
import { renderForm } from '../../server/render/form'
import { html } from '../../server/render/html'
import { byId, elements } from './dom'
import { potholes } from './fixture'
import { said } from '../../server/messages/said'

const render = (options: Parameters<typeof renderForm>[2] = {}) => renderForm(potholes, 0, options).toString()
const id = (name: string) => `f-potholes-${name}`

describe('renderForm', () => {
  it('posts to the bucket, multipart because it has a file field, with the CSRF token', () => {
    const form = render({ csrf: 'tok"en' })
    expect(form).toMatch(
      /^<form class="record-form" method="post" action="\/file\/potholes" enctype="multipart\/form-data">/,
    )
    expect(form).toContain(`<input type="hidden" name="${CSRF_FIELD}" value="tok&quot;en">`)
    expect(form).toContain('<button type="submit" class="button">Send</button>')
    expect(render({ submitLabel: 'Report it' })).toContain('>Report it</button>')
  })

  it('labels every control and every label points at a control', () => {
    const form = render({ filesEnabled: true, recordOptions: { district: [{ id: 'd1', label: 'North' }] } })
    const all = elements(form)
    const ids = new Set(all.map((e) => e.attributes.id).filter(Boolean))
    const labelled = new Set(all.filter((e) => e.name === 'label').map((e) => e.attributes.for))
    for (const label of labelled) expect(ids.has(label)).toBe(true)
    const controls = all.filter(
      (e) => ['input', 'select', 'textarea'].includes(e.name) && e.attributes.type !== 'hidden',
    )
    for (const control of controls) expect(labelled.has(control.attributes.id)).toBe(true)
    // 12 fields; the radio group has 3 radios and the location 2 inputs.
    expect(controls).toHaveLength(15)
  })

  it('renders each field type as its control', () => {
    const form = render({ filesEnabled: true })
    expect(byId(form, id('street'))?.attributes).toMatchObject({
      type: 'text',
      maxlength: '120',
      required: '',
      'aria-required': 'true',
    })
    expect(byId(form, id('street'))?.attributes['aria-describedby']).toBe(`${id('street')}-help`)
    expect(byId(form, `${id('street')}-help`)?.name).toBe('p')
    expect(byId(form, id('details'))?.name).toBe('textarea')
    expect(byId(form, id('email'))?.attributes).toMatchObject({ type: 'email', autocomplete: 'email' })
    expect(byId(form, id('phone'))?.attributes).toMatchObject({ type: 'tel', autocomplete: 'tel' })
    expect(byId(form, id('depth'))?.attributes).toMatchObject({ inputmode: 'decimal' })
    expect(byId(form, id('seen'))?.attributes).toMatchObject({ type: 'date' })
    expect(byId(form, id('kind'))?.attributes).toMatchObject({ type: 'radio', name: 'kind', value: 'opt0' })
    expect(form).toMatch(
      /<fieldset class="field field-choice" role="radiogroup" aria-required="true"><legend>Label kind/,
    )
    expect(byId(form, id('borough'))?.name).toBe('select')
    expect(byId(form, id('agree'))?.attributes).toMatchObject({ type: 'checkbox', value: 'yes' })
    expect(byId(form, id('photo'))?.attributes).toMatchObject({ type: 'file', accept: 'image/*,application/pdf' })
    expect(form).toContain('Largest file: 10 MB.')
    expect(byId(form, id('district'))?.name).toBe('select')
    expect(byId(form, id('location'))?.attributes.name).toBe('location.lat')
    expect(byId(form, `${id('location')}-lng`)?.attributes.name).toBe('location.lng')
    expect(form).toMatch(/<fieldset class="field field-location"><legend>Label location/)
  })

  it('offers the record choices it is given, and says when there are none', () => {
    const some = render({ recordOptions: { district: [{ id: 'd1', label: 'North <side>' }] } })
    expect(some).toContain('<option value="d1">North &lt;side&gt;</option>')
    const none = render()
    expect(none).toContain('There is nothing to choose from yet.')
    expect(byId(none, id('district'))?.attributes['aria-describedby']).toBe(`${id('district')}-note`)
  })

  it('disables the file input with a note when uploads are off', () => {
    for (const form of [render(), render({ filesEnabled: false })]) {
      const input = byId(form, id('photo'))
      expect(input?.attributes).toHaveProperty('disabled')
      expect(input?.attributes).not.toHaveProperty('required')
      expect(form).toContain('Uploads are not available')
      expect(input?.attributes['aria-describedby']).toBe(`${id('photo')}-note`)
    }
    expect(byId(render({ filesEnabled: true }), id('photo'))?.attributes).not.toHaveProperty('disabled')
  })

  it('keeps the input of a refused form and shows each error beside its field', () => {
    const hostile = '"><script>alert(1)</script>'
    const form = render({
      values: {
        street: hostile,
        details: `</textarea>${hostile}`,
        kind: 'opt1',
        borough: 'opt5',
        agree: 'yes',
        'location.lat': '59.9',
        'location.lng': '10.7',
      },
      errors: { street: said('answer.enter'), kind: said('answer.choose'), svc_form: said('error.form-out-of-date') },
    })
    expect(form).not.toContain('<script')
    expect(byId(form, id('street'))?.attributes).toMatchObject({
      value: '&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;',
      'aria-invalid': 'true',
      'aria-describedby': `${id('street')}-help ${id('street')}-error`,
    })
    expect(form).toContain('&lt;/textarea&gt;&quot;&gt;&lt;script&gt;')
    expect(byId(form, `${id('kind')}-1`)?.attributes).toHaveProperty('checked')
    expect(byId(form, id('kind'))?.attributes).not.toHaveProperty('checked')
    expect(form).toContain('<option value="opt5" selected>')
    expect(byId(form, id('agree'))?.attributes).toHaveProperty('checked')
    expect(byId(form, id('location'))?.attributes.value).toBe('59.9')
    expect(byId(form, `${id('location')}-lng`)?.attributes.value).toBe('10.7')
    // Beside its field: the message sits in the field's wrapper, before the control.
    expect(form).toMatch(/Label street[^]*?id="f-potholes-street-error"[^]*?Enter an answer<\/p><input/)
    expect(form).toMatch(
      /role="radiogroup" aria-required="true" aria-invalid="true" aria-describedby="f-potholes-kind-error"/,
    )
  })

  it('summarises the errors at the top with links to the fields', () => {
    const form = render({
      errors: { street: said('answer.enter'), kind: said('answer.choose'), svc_form: said('error.form-out-of-date') },
    })
    const summary = /<div class="error-summary"[^]*?<\/div>/.exec(form)?.[0] ?? ''
    expect(form.indexOf('error-summary')).toBeLessThan(form.indexOf('<input'))
    expect(summary).toContain('role="alert"')
    expect(summary).toContain(`<a href="#${id('street')}">Label street «plain»: Enter an answer</a>`)
    expect(summary).toContain(`<a href="#${id('kind')}">Label kind «plain»: Choose an option</a>`)
    expect(summary).toContain('<li>The form is out of date; open it again</li>')
    expect(render()).not.toContain('error-summary')
  })

  it('shows a notice above the fields', () => {
    expect(render({ notice: html`<p>Sign in first</p>` })).toContain(
      '<div class="form-notice"><p>Sign in first</p></div>',
    )
  })
})
