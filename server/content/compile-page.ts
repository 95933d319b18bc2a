// pages/**/*.yaml -> Page: who may open it, who answers for it, what it shows.
import { compileBlocks, type SiteRefs } from './compile-blocks'
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import type { Page, Person, Text } from './model'
import { normalizePhone } from './phone'
import type { RawPage } from './schemas/page'
import { textEntries } from './text-entries'
import type { YamlFile } from './yaml-file'
import { addressKey } from '../address-match'

export function compilePage(
  ctx: CompileContext,
  yaml: YamlFile,
  at: { path: string; isRecord: boolean },
  raw: RawPage,
  refs: SiteRefs,
): Page {
  if (at.isRecord && raw.record === undefined)
    ctx.report(
      yaml,
      [],
      'missing-key',
      `a record page (${at.path.replace(':id', '{id}')}) needs "record:" naming the bucket whose record it shows`,
    )
  if (!at.isRecord && raw.record !== undefined)
    ctx.report(
      yaml,
      ['record'],
      'bad-value',
      'only a _record.yaml page shows one record; rename the file or drop "record:"',
      { key: true },
    )
  if (raw.record !== undefined) {
    const bucket = refs.buckets.get(raw.record)
    if (!bucket && !refs.bucketNames.has(raw.record))
      ctx.report(
        yaml,
        ['record'],
        'unknown-reference',
        `no bucket named "${raw.record}"${suggestion(raw.record, refs.bucketNames)}`,
      )
    // Desk readers still see the record, so the page is not useless: a warning.
    if (at.isRecord && bucket && !bucket.public && (raw.access ?? 'public') === 'public') {
      ctx.report(
        yaml,
        ['record'],
        'public-unknown',
        `bucket "${bucket.name}" has no public: view, so only desk readers can see its records on this public page; ` +
          `add public: to the bucket, or give the page access: [groups]`,
        { severity: 'warning' },
      )
    }
  }

  // The groups claim or RESPONSIBLE_GROUP may supply a group no content names,
  // but far more often it is a typo that locks everyone out.
  if (Array.isArray(raw.access)) {
    raw.access.forEach((group, i) => {
      if (refs.groups.has(group)) return
      const fix =
        suggestion(group, refs.groups) ||
        "; unless the identity provider's groups claim or RESPONSIBLE_GROUP supplies it, nobody is in it: check the " +
          "name, or add it to a desk's invites"
      ctx.report(
        yaml,
        ['access', i],
        'unknown-reference',
        `no desk names the group "${group}" and no state grants it${fix}`,
        { severity: 'warning' },
      )
    })
  }

  const responsible = (raw.responsible ?? []).flatMap((p, i): Person[] => {
    if (!p.email && p.phone === undefined) {
      ctx.report(
        yaml,
        ['responsible', i],
        'missing-key',
        `responsible person "${p.name}" needs an email or a phone so the service can give them an account`,
      )
      return []
    }
    const phone = p.phone === undefined ? undefined : normalizePhone(p.phone, ctx.options.phoneCountry)
    if (phone === null) {
      ctx.report(
        yaml,
        ['responsible', i, 'phone'],
        'bad-value',
        `"${p.phone}" is not a phone number; write it with its country code, e.g. "+4791234567", or without + to ` +
          `have ${ctx.options.phoneCountry} put in front`,
      )
    }
    return [{ name: p.name, email: p.email === undefined ? undefined : addressKey(p.email), phone: phone ?? undefined }]
  })

  return {
    path: at.path,
    nav: raw.nav === undefined ? undefined : compileNav(ctx, yaml, at.isRecord, raw.nav),
    file: yaml.file,
    title: ctx.text(yaml, ['title'], raw.title),
    responsible,
    access: raw.access ?? 'public',
    record: raw.record,
    blocks: compileBlocks(ctx, yaml, raw, refs),
  }
}

function compileNav(
  ctx: CompileContext,
  yaml: YamlFile,
  isRecord: boolean,
  raw: NonNullable<RawPage['nav']>,
): { label: Text; order: number } | undefined {
  if (isRecord) {
    ctx.report(yaml, ['nav'], 'bad-value', 'a record page needs an id, so it cannot be in the menu; drop "nav:"', {
      key: true,
    })
    return undefined
  }
  for (const entry of textEntries(['nav', 'label'], raw.label))
    if (entry.text.trim() === '')
      ctx.report(yaml, entry.path, 'bad-value', 'a menu label cannot be empty; write the word the menu shows')
  return { label: ctx.text(yaml, ['nav', 'label'], raw.label), order: raw.order }
}
