// A mail's text part from its Markdown body: what the words say, without the
// marks (`**`, `#`, `\`) a mail reader would show as they are. Links keep
// their address beside their words, since a text part cannot hide it.
import { parseMailMarkdown } from './mail-markdown'

// Parsed as the HTML part is, so a link it would refuse stays words here too.
type Token = ReturnType<typeof parseMailMarkdown>[number]

export function markdownToText(source: string): string {
  const lines: string[] = []
  let prefix = ''
  for (const token of parseMailMarkdown(source)) {
    if (token.type === 'bullet_list_open' || token.type === 'ordered_list_open') prefix = '- '
    else if (token.type === 'inline') lines.push(`${token.level > 1 ? prefix : ''}${inlineText(token.children ?? [])}`)
    // A code block (an edit suggestion's diff) is read as it is written.
    else if (token.type === 'fence' || token.type === 'code_block') lines.push(token.content.replace(/\n$/, ''), '')
    else if (token.type === 'paragraph_close' && token.level === 0) lines.push('')
    else if (
      token.type === 'heading_close' ||
      token.type === 'bullet_list_close' ||
      token.type === 'ordered_list_close'
    )
      lines.push('')
  }
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
}

function inlineText(children: readonly Token[]): string {
  let text = ''
  let href: string | null = null
  let label = ''
  for (const child of children) {
    if (child.type === 'link_open') {
      href = String(child.attrGet('href') ?? '')
      label = ''
    } else if (child.type === 'link_close') {
      text += href === null || href === label || `mailto:${label}` === href ? label : `${label} (${href})`
      href = null
    } else {
      const words = child.type === 'softbreak' || child.type === 'hardbreak' ? '\n' : child.content
      if (href === null) text += words
      else label += words
    }
  }
  return text
}
