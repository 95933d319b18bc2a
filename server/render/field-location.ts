// A place as two decimal inputs; no map or script is needed to give one.
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
  const lat = part('lat', 'Latitude', ctx.ids.control)
  return html`<div class="location">${lat}${part('lng', 'Longitude', `${ctx.ids.control}-lng`)}</div>`
}
