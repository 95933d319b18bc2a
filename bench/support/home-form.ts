// Filing the way a visitor's browser does: read the home page's form for a
// bucket (its hidden inputs, the svc_csrf token among them, and the cookies
// the page set), then post it url-encoded with those cookies.

export interface FilingSession {
  readonly action: string
  readonly cookie: string
  readonly hidden: readonly [string, string][]
}

/** The home page's form posting to /file/<bucket>; null when the page has none. */
export async function openFilingSession(base: string, bucket: string): Promise<FilingSession | null> {
  const response = await fetch(`${base}/`, { signal: AbortSignal.timeout(10_000) })
  const page = await response.text()
  const action = `/file/${bucket}`
  const form = new RegExp(`<form[^>]*action="${action}"[^>]*>([\\s\\S]*?)</form>`).exec(page)?.[1]
  if (form === undefined) return null
  const hidden = [...form.matchAll(/<input\b[^>]*>/g)].flatMap(([tag]): [string, string][] => {
    const attribute = (name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1]
    const name = attribute('name')
    return attribute('type') === 'hidden' && name !== undefined
      ? [[unescape(name), unescape(attribute('value') ?? '')]]
      : []
  })
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { action, cookie, hidden }
}

/** Posts one filing; the status the route answered. A hidden field named in `fields` takes the value given there. */
export async function postFiling(
  base: string,
  session: FilingSession,
  fields: Record<string, string>,
): Promise<number> {
  const hidden = session.hidden.filter(([name]) => !Object.hasOwn(fields, name))
  const body = new URLSearchParams([...hidden, ...Object.entries(fields)])
  const response = await fetch(`${base}${session.action}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: session.cookie },
    body,
    redirect: 'manual',
    signal: AbortSignal.timeout(10_000),
  })
  await response.arrayBuffer()
  return response.status
}

const ENTITIES: Readonly<Record<string, string>> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
}

function unescape(text: string): string {
  return text.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity] ?? entity)
}
