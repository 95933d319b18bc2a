// Just enough parsing to ask structural questions of rendered markup.
import { ELEMENT_NODE, parse, walkSync, type ElementNode } from 'ultrahtml'
import type { SafeHtml } from '../../server/render/html'

export function elements(markup: string | SafeHtml): ElementNode[] {
  const found: ElementNode[] = []
  walkSync(parse(markup.toString()), (node) => {
    if (node.type === ELEMENT_NODE) found.push(node)
  })
  return found
}

export function byId(markup: string | SafeHtml, id: string): ElementNode | undefined {
  return elements(markup).find((element) => element.attributes.id === id)
}
