// A label followed by what it labels: a colon after it, unless the label
// ends in punctuation of its own ("Where exactly?" stays "Where exactly?").
const OWN_PUNCTUATION = /[?!:.…]$/u

export function withColon(label: string): string {
  const trimmed = label.trimEnd()
  return OWN_PUNCTUATION.test(trimmed) ? trimmed : `${trimmed}:`
}
