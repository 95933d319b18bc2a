// The `route` label of an HTTP request: the pattern of the route that
// answered, written as its file is named (`/desk/[desk]`, `/[...path]`),
// never the path a caller sent, so made-up paths add no label value.

/** Answered before any route: the rate limit, a method no route takes, an unknown path. */
export const NO_ROUTE = 'none'
/** The page files (/pkg), answered by the static layer before any route. */
export const STATIC_ROUTE = '/pkg'

const labels = new Map<string, string>()

/** `/desk/:desk` -> `/desk/[desk]`, `/**:path` -> `/[...path]`; made once per pattern. */
export function routeLabel(pattern: string): string {
  let label = labels.get(pattern)
  if (label === undefined) {
    label = pattern
      .replace(/\*\*:(\w+)/g, '[...$1]')
      .replace(/\*\*/g, '[...]')
      .replace(/:(\w+)/g, '[$1]')
    labels.set(pattern, label)
  }
  return label
}
