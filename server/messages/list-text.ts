// Several names in one sentence, joined the way the site's language joins them ("A, B and C").
export function listText(language: string, items: readonly string[]): string {
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(items)
}
