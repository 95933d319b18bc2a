// The pages a form post ends on when it cannot be taken at all, each saying
// what to do next. Nothing the visitor typed is repeated.
import type { SiteModel } from '../content/model'
import type { Assets } from './document'
import { messagesFor } from '../messages/messages'
import { renderErrorPage } from './error-page'

export type FormRefusal =
  | 'gone'
  | 'not-a-form'
  | 'too-large'
  | 'unreadable'
  | 'expired'
  | 'not-allowed'
  | 'changed'
  | 'no-record'
  | 'store-down'

type RefusalId =
  'gone' | 'foreign' | 'too-large' | 'unreadable' | 'expired' | 'not-allowed' | 'changed' | 'store' | 'no-case'

const REFUSALS: Readonly<Record<FormRefusal, { status: number; id: RefusalId }>> = {
  gone: { status: 410, id: 'gone' },
  'not-a-form': { status: 400, id: 'foreign' },
  'too-large': { status: 413, id: 'too-large' },
  unreadable: { status: 400, id: 'unreadable' },
  expired: { status: 403, id: 'expired' },
  'not-allowed': { status: 403, id: 'not-allowed' },
  changed: { status: 409, id: 'changed' },
  'store-down': { status: 503, id: 'store' },
  'no-record': { status: 404, id: 'no-case' },
}

export function formRefusal(kind: FormRefusal): number {
  return REFUSALS[kind].status
}

export function renderFormRefusal(site: SiteModel, story: number, assets: Assets, kind: FormRefusal): string {
  const { status, id } = REFUSALS[kind]
  const m = messagesFor(site, story)
  const title = m.say(`refusal.${id}.title`)
  return renderErrorPage({ site, story, assets, status, title, message: m.say(`refusal.${id}.message`) })
}
