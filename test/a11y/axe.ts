// axe-core (from npm) run inside a page, at WCAG 2.2 AA. The page's own
// Content-Security-Policy stays on: the source goes in through the DevTools
// protocol, which a page's policy does not govern, not as an inline script.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Page } from 'playwright-core'

const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export const WCAG_22_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] as const

interface AxeNode {
  readonly target: readonly unknown[]
  readonly failureSummary?: string
}
interface AxeViolation {
  readonly id: string
  readonly impact: string | null
  readonly help: string
  readonly nodes: readonly AxeNode[]
}

/** Every violation on the page as one line each: rule, what it asks, and where. */
export async function axeViolations(page: Page): Promise<string[]> {
  const loaded = await page.evaluate('typeof window.axe === "object"')
  if (!loaded) await page.evaluate(`${AXE_SOURCE}\n;0`)
  const options = JSON.stringify({ runOnly: { type: 'tag', values: WCAG_22_AA }, resultTypes: ['violations'] })
  const violations = await page.evaluate<AxeViolation[]>(
    `axe.run(document, ${options}).then((result) => result.violations)`,
  )
  return violations.map(
    (v) => `${v.id} (${v.impact ?? '?'}): ${v.help} at ${v.nodes.map((n) => JSON.stringify(n.target)).join(', ')}`,
  )
}
