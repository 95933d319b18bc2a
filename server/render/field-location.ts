// A place as two decimal inputs; no map or script is needed to give one, and
// with maps on, map.js adds a map to tap.
import { controlAttrs, type FieldContext } from './field-context'
import { html, type SafeHtml } from './html'

export function renderLocation(ctx: FieldContext): SafeHtml {
  const name = ctx.field.name
  const part = (key: 'lat' | 'lng', label: string, id: string): SafeHtml => {
    const value = ctx.values[`${name}.${key}`] ?? ''
    const attrs = controlAttrs(ctx, `${name}.${key}`, id)
    const input = html`<input type="text" inputmode="decimal" autocomplete="off"${attrs} value="${value}">`
    return html`<div class="location-part"><label for="${id}">${label}</label>${input}</div>`
  }
  const lat = part('lat', ctx.m.say('form.latitude'), ctx.ids.control)
  const lng = part('lng', ctx.m.say('form.longitude'), `${ctx.ids.control}-lng`)
  // map.js adds the map and a "use my position" button; without it the two inputs are the whole field.
  const picker =
    ctx.mapPicker === undefined
      ? null
      : html` data-map-picker data-attribution="${ctx.mapPicker.attribution}" data-picker-help="${ctx.m.say(
          'form.map-help',
        )}" data-locate-label="${ctx.m.say('form.map-locate')}"`
  return html`<div class="location"${picker}>${lat}${lng}</div>`
}
