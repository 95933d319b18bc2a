// The compiled site model: what the service serves and the lint checks.
// Every text a person reads is resolved to one entry per storyline at compile
// time, so readers never branch on "string or list".

/** One entry per storyline, in the order of site.yaml's `storylines`. */
export type Text = readonly string[]

export interface Branding {
  readonly name: Text
  readonly tagline?: Text
  readonly logo?: string
  readonly favicon?: string
  readonly colors: {
    readonly primary: string
    readonly accent: string
    readonly text: string
    readonly background: string
  }
  /** `system`, or a font file under public/. */
  readonly font: string
  readonly footer?: Text
  readonly language: string
  readonly inbox?: string
  /** The storyline staff read desks, the People view and staff mail in (`staff_storyline:`); the first when absent. */
  readonly staffStoryline?: string
  /** site.yaml `messages:`: the service's own texts the site words its own way, by message id. */
  readonly messages?: ReadonlyMap<string, Text>
  /** site.yaml `timezone:`, an IANA name; times are shown in it. Absent: DEFAULT_TIME_ZONE. */
  readonly timeZone?: string
  /** PHONE_COUNTRY the site was compiled with: numbers with this calling code are shown in national format. */
  readonly phoneCountry?: string
}

export const DEFAULT_TIME_ZONE = 'Europe/Oslo'

export const FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'number',
  'date',
  'choice',
  'checkbox',
  'file',
  'record',
  'location',
] as const
export type FieldType = (typeof FIELD_TYPES)[number]

export interface ChoiceOption {
  readonly value: string
  readonly label: Text
}

export interface Field {
  readonly name: string
  readonly type: FieldType
  readonly label: Text
  /** Staff's own words for it on desks (`desk_label:`); never shown to visitors. */
  readonly deskLabel?: Text
  readonly help?: Text
  readonly required: boolean
  readonly contact: boolean
  /** file: accepted media types, e.g. `image/*`. */
  readonly accept?: readonly string[]
  /** file: size limit in megabytes. */
  readonly maxMb?: number
  /** record: the owning bucket. */
  readonly of?: string
  /** choice: the options. */
  readonly options?: readonly ChoiceOption[]
  /** text/textarea: the longest accepted answer. */
  readonly maxLength?: number
  /** `personal:` as content says it; absent when not said (isPersonalField decides then). */
  readonly personal?: boolean
}

export interface Mail {
  /** `submitter`, a contact field name, or an address. */
  readonly to: string
  readonly subject: Text
  readonly body: Text
}

export interface State {
  readonly name: string
  readonly label: Text
  /** Staff's own words for it on desks (`desk_label:`); never shown to visitors. */
  readonly deskLabel?: Text
  readonly after?: { readonly days: number; readonly to: string }
  readonly grants?: string
  /** Work on the case is done: desks open on the other states. */
  readonly closed?: boolean
}

export interface Move {
  readonly name: string
  readonly from: readonly string[]
  readonly to: string
  readonly label: Text
  readonly mail?: Mail
  /** Desk moves: whether staff write a note with the move (kept on the event, `{{note}}` in its mail). */
  readonly note?: 'optional' | 'required'
  /** Desk moves: the button leads to a page that asks again before the move is made. */
  readonly confirm?: boolean
}

export interface Bucket {
  readonly name: string
  readonly title: Text
  readonly signIn: 'required' | 'optional' | 'none'
  readonly fields: readonly Field[]
  /** The first state is the initial state. */
  readonly states: readonly State[]
  readonly moves: readonly Move[]
  /** Self moves; `from` is already defaulted to the initial state. */
  readonly self: readonly Move[]
  readonly public?: { readonly states: readonly string[]; readonly fields: readonly string[] }
  /** Shown to a visitor after filing. */
  readonly thanks?: Text
  /** Mailed at filing to the contact address the filing gives, if any. */
  readonly receipt?: { readonly subject: Text; readonly body: Text }
  /** `retention:`: a case in one of `in` for longer than `days` has its personal data erased by the clock. */
  readonly retention?: { readonly days: number; readonly in: readonly string[] }
  /** `self_erase: true`: the submitter may erase their own case's personal data. */
  readonly selfErase?: boolean
}

export interface Person {
  readonly name: string
  readonly email?: string
  /** Normalised to E.164 with PHONE_COUNTRY for bare numbers. */
  readonly phone?: string
}

export type ListView = 'public' | 'mine' | 'desk'

export type Block =
  | { readonly kind: 'text'; readonly text: Text }
  | { readonly kind: 'form'; readonly bucket: string }
  | {
      readonly kind: 'list'
      readonly bucket: string
      readonly view: ListView
      readonly where?: { readonly field: string; readonly equals: string }
      /** The list's heading; the bucket's title when not given. */
      readonly title?: Text
    }
  | { readonly kind: 'map'; readonly bucket: string; readonly field: string }

export interface Page {
  /** URL path: `/`, `/potholes`, or `/districts/:id` for record pages. */
  readonly path: string
  /** Source file, relative to the content root. */
  readonly file: string
  readonly title: Text
  readonly responsible: readonly Person[]
  /** `public`, or the groups that may open the page. */
  readonly access: 'public' | readonly string[]
  /** Record pages: the bucket whose record this page shows. */
  readonly record?: string
  readonly blocks: readonly Block[]
  /** Its place in the site's menu; pages without one stay out of it (unless no page has one). */
  readonly nav?: { readonly label: Text; readonly order: number }
}

export interface Desk {
  readonly name: string
  readonly title: Text
  readonly group: string
  readonly buckets: readonly string[]
  readonly invites: readonly string[]
  /** Lists and moves the edit suggestions (`svc_edit_suggestions`). */
  readonly suggestions: boolean
  /** Mailed, in staff words with the desk resolver link, when a reply by mail lands on a case the desk holds. */
  readonly notify?: string
  /** `erase: true`: staff may erase a case's personal data on request, when the policy allows it too. */
  readonly erase?: boolean
}

/** A group as content names it (site.yaml `groups:`): what invites, welcomes and the People view call it. */
export interface Group {
  readonly name: string
  /** The group's name in every storyline when content gives no label. */
  readonly label: Text
}

export interface PolicyFile {
  readonly file: string
  readonly text: string
}

export interface SiteModel {
  readonly storylines: readonly string[]
  readonly branding: Branding
  readonly pages: readonly Page[]
  readonly buckets: ReadonlyMap<string, Bucket>
  readonly desks: ReadonlyMap<string, Desk>
  /** site.yaml `groups:`; a group not listed there is called by its name (groupLabel). */
  readonly groups?: ReadonlyMap<string, Group>
  readonly policies: readonly PolicyFile[]
  /** Paths under public/, served at /site/**. */
  readonly publicFiles: ReadonlySet<string>
}
