// The pages a form post ends on when it cannot be taken at all, each saying
// what to do next. Nothing the visitor typed is repeated.
import type { SiteModel } from '../content/model'
import type { Assets } from './document'
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

const REFUSALS: Readonly<Record<FormRefusal, { status: number; title: string; message: string }>> = {
  gone: {
    status: 410,
    title: 'This form is no longer here',
    message:
      'The site has changed since the form was loaded, and nothing was saved. ' +
      'Go back to the page, reload it and try again.',
  },
  'not-a-form': {
    status: 400,
    title: 'This form could not be used',
    message:
      'The form does not belong to a page of this site, so nothing was saved. ' +
      'Go back to the page, reload it and try again.',
  },
  'too-large': {
    status: 413,
    title: 'Too much was sent',
    message:
      'The form carried more than it may, and nothing was saved. ' +
      'Shorten your answers or leave out the file, then send it again.',
  },
  unreadable: {
    status: 400,
    title: 'This form could not be read',
    message: 'Nothing was saved. Go back to the page, reload it and try again.',
  },
  expired: {
    status: 403,
    title: 'This form has expired',
    message: 'The form was out of date, so nothing was saved. Go back, reload the page and send it again.',
  },
  'not-allowed': { status: 403, title: 'Not allowed', message: 'You may not do this here, so nothing was saved.' },
  changed: {
    status: 409,
    title: 'This case was just changed',
    message: 'Someone changed this case a moment ago, so nothing was done. Reload the page to see where it stands now.',
  },
  'store-down': {
    status: 503,
    title: 'Your file could not be kept just now',
    message: 'The place files are kept did not answer, so nothing was saved. Try again in a few minutes.',
  },
  'no-record': {
    status: 404,
    title: 'Case not found',
    message: 'There is no such case, or it is not yours to change.',
  },
}

export function formRefusal(kind: FormRefusal): number {
  return REFUSALS[kind].status
}

export function renderFormRefusal(site: SiteModel, story: number, assets: Assets, kind: FormRefusal): string {
  return renderErrorPage({ site, story, assets, ...REFUSALS[kind] })
}
