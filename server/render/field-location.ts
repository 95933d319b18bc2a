// A place as two decimal inputs; no map or script is needed to give one.
// With maps on, map.js adds a map to tap above them. With maps off, the two
// inputs sit behind "Type coordinates instead" (a disclosure that works
// without script) and map.js offers "Use my position" before them: the
// browser's own geolocation, which needs no map tiles.
import { controlAttrs, type FieldContext } from './field-context'
import { html, type SafeHtml } from './html'

function parts(ctx: FieldContext): SafeHtml {
  const name = ctx.field.name
  const part = (key: 'lat' | 'lng', label: string, id: string): SafeHtml => {
    const value = ctx.values[`${name}.${key}`] ?? ''
    const attrs = controlAttrs(ctx, `${name}.${key}`, id)
    const input = html`<input type="text" inputmode="decimal" autocomplete="off"${attrs} value="${value}">`
    return html`<div class="location-part"><label for="${id}">${label}</label>${input}</div>`
  }
  const lat = part('lat', ctx.m.say('form.latitude'), ctx.ids.control)
  const lng = part('lng', ctx.m.say('form.longitude'), `${ctx.ids.control}-lng`)
  return html`${lat}${lng}`
}

export function renderLocation(ctx: FieldContext): SafeHtml {
  if (ctx.mapPicker !== undefined) {
    const picker = html` data-map-picker data-attribution="${ctx.mapPicker.attribution}" data-picker-help="${ctx.m.say(
      'form.map-help',
    )}" data-locate-label="${ctx.m.say('form.map-locate')}"`
    return html`<div class="location"${picker}>${parts(ctx)}</div>`
  }
  // The example is said once, inside, where the numbers are typed; the inputs are described by it.
  const typed = { ...ctx, note: ctx.m.say('form.location-note') }
  const { m } = ctx
  const given = ctx.values[`${ctx.field.name}.lat`] || ctx.values[`${ctx.field.name}.lng`]
  // Open when there is something to see in it: what was typed, or what to fix.
  const open = given || ctx.error !== undefined ? html` open` : null
  const locate = html` data-locate data-locate-label="${m.say('form.map-locate')}" data-locating="${m.say(
    'form.locating',
  )}" data-located="${m.say('form.located', { lat: '{lat}', lng: '{lng}' })}" data-locate-failed="${m.say(
    'form.locate-failed',
  )}"`
  return html`<div class="location"${locate}><details class="location-typed"${open}><summary>${m.say(
    'form.type-coordinates',
  )}</summary><p class="field-note" id="${ctx.ids.note}">${typed.note}</p><div class="location-parts">${parts(
    typed,
  )}</div></details></div>`
}
