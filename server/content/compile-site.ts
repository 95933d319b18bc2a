// site.yaml -> Branding, checked against the files under public/.
import type { CompileContext } from './compile-context'
import { suggestion } from './did-you-mean'
import { compileMessages } from './compile-messages'
import { DEFAULT_TIME_ZONE, type Branding } from './model'
import type { RawSite } from './schemas/site'
import type { YamlFile } from './yaml-file'

const DEFAULT_COLORS = { primary: '#0b6e4f', accent: '#f2c14e', text: '#1b1b1b', background: '#ffffff' }
// Colours end up inside a <style> element: only forms that cannot break out of it.
const COLOR = /^(#[0-9a-fA-F]{3,8}|[a-zA-Z]{3,20}|(rgb|rgba|hsl|hsla)\(\s*[\d.%\s,/]+\))$/
// What browsers load with @font-face.
const FONT_FILE = /\.(woff2|woff|ttf|otf)$/i

function staffStoryline(ctx: CompileContext, yaml: YamlFile, raw: RawSite): { staffStoryline: string } | undefined {
  const name = raw.staff_storyline
  if (name === undefined) return undefined
  if (ctx.storylines.includes(name)) return { staffStoryline: name }
  ctx.report(
    yaml,
    ['staff_storyline'],
    'unknown-reference',
    `staff_storyline "${name}" is not one of the storylines (${ctx.storylines.join(', ')})` +
      suggestion(name, ctx.storylines),
  )
  return undefined
}

export function compileBranding(
  ctx: CompileContext,
  yaml: YamlFile,
  raw: RawSite,
  publicFiles: ReadonlySet<string>,
): Branding {
  const file = (key: 'logo' | 'favicon' | 'font'): string | undefined => {
    const value = raw[key]
    if (value === undefined || (key === 'font' && value === 'system')) return undefined
    const path = value.replace(/^\/?(site\/|public\/)?/, '')
    if (!publicFiles.has(path)) {
      ctx.report(
        yaml,
        [key],
        'missing-file',
        `${key} "${value}" is not a file under public/${suggestion(path, publicFiles)}`,
      )
      return undefined
    }
    if (key === 'font' && !FONT_FILE.test(path)) {
      ctx.report(
        yaml,
        [key],
        'bad-value',
        `font "${value}" is not a font file; give a .woff2, .woff, .ttf or .otf file under public/, or write system`,
      )
      return undefined
    }
    return path
  }
  const colors = { ...DEFAULT_COLORS }
  for (const key of Object.keys(DEFAULT_COLORS) as (keyof typeof DEFAULT_COLORS)[]) {
    const value = raw.colors?.[key]
    if (value === undefined) continue
    if (COLOR.test(value.trim())) colors[key] = value.trim()
    else ctx.report(yaml, ['colors', key], 'bad-value', `"${value}" is not a colour; write it like #0b6e4f`)
  }
  return {
    name: ctx.text(yaml, ['name'], raw.name),
    tagline: raw.tagline === undefined ? undefined : ctx.text(yaml, ['tagline'], raw.tagline),
    logo: file('logo'),
    favicon: file('favicon'),
    colors,
    font: file('font') ?? 'system',
    footer: raw.footer === undefined ? undefined : ctx.markdown(yaml, ['footer'], raw.footer),
    language: raw.language ?? 'en',
    inbox: raw.inbox,
    ...(staffStoryline(ctx, yaml, raw) ?? {}),
    messages: compileMessages(ctx, yaml, raw.messages ?? {}),
    timeZone: compileTimeZone(ctx, yaml, raw.timezone),
    phoneCountry: ctx.options.phoneCountry,
  }
}

// Checked with the runtime's own time zone data, which is what shows the times.
function compileTimeZone(ctx: CompileContext, yaml: YamlFile, zone: string | undefined): string {
  if (zone === undefined) return DEFAULT_TIME_ZONE
  try {
    return new Intl.DateTimeFormat('en', { timeZone: zone }).resolvedOptions().timeZone
  } catch {
    const fix = suggestion(zone, Intl.supportedValuesOf('timeZone')) || '; use an IANA name such as Europe/Oslo'
    ctx.report(yaml, ['timezone'], 'bad-value', `"${zone}" is not a time zone${fix}`)
    return DEFAULT_TIME_ZONE
  }
}
