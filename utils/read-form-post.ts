// The preamble of every form that changes something once: the post is the
// visitor's own (CSRF token) and carries the form's one-time submission token,
// so pressing it twice is one change. Both refusals read alike to a person:
// the form is out of date.
import type { H3Event } from 'h3'
import type { FormBody } from '../server/forms/form-body'
import { CSRF_FIELD, SUBMISSION_FIELD } from '../server/forms/service-fields'
import { readSubmissionToken } from '../server/forms/submission-token'
import { checkCsrf } from './csrf'
import { readFormBody, type ReadFormOptions } from './read-form-body'

export interface FormPost {
  readonly body: FormBody
  readonly submission: string
}

/** The post's one-time token when both guards pass on a body already read; null when the form is out of date. */
export async function checkFormPost(event: H3Event, body: FormBody): Promise<string | null> {
  if (!(await checkCsrf(event, body.get(CSRF_FIELD)))) return null
  return readSubmissionToken(body.get(SUBMISSION_FIELD))
}

/** Reads a posted form within its limit and checks both guards; null when the form is out of date. */
export async function readFormPost(event: H3Event, options: ReadFormOptions): Promise<FormPost | null> {
  const body = await readFormBody(event, options)
  const submission = await checkFormPost(event, body)
  return submission === null ? null : { body, submission }
}
