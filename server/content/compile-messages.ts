// site.yaml `messages:` -> the service's own texts the site words its own way.
// Ids are the catalogue's (server/messages/en.ts); a value may use the
// placeholders of the message it replaces and no others.
import { en } from '../messages/en'
import { isMessageId, MESSAGE_IDS, placeholders } from '../messages/catalogue'
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Text } from './model'
import type { RawText } from './schemas/text'
import { textEntries } from './text-entries'
import type { YamlFile } from './yaml-file'

export function compileMessages(
  ctx: CompileContext,
  yaml: YamlFile,
  raw: Readonly<Record<string, RawText>>,
): ReadonlyMap<string, Text> {
  const messages = new Map<string, Text>()
  for (const [id, text] of Object.entries(raw)) {
    const path = ['messages', id]
    if (!isMessageId(id)) {
      ctx.report(
        yaml,
        path,
        'unknown-key',
        `no message of the service is called "${id}"${suggestion(id, MESSAGE_IDS)}`,
        {
          key: true,
        },
      )
      continue
    }
    const known = placeholders(en[id])
    for (const entry of textEntries(path, text)) {
      for (const name of placeholders(entry.text).filter((n) => !known.includes(n)))
        ctx.report(
          yaml,
          entry.path,
          'unknown-reference',
          `message "${id}" has no {${name}}` +
            (known.length === 0 ? '' : `; it can show ${known.map((n) => `{${n}}`).join(', ')}`),
        )
    }
    messages.set(id, ctx.text(yaml, path, text))
  }
  return messages
}
