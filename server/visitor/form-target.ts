// Which page a posted form came from. A form names its page (and a record
// page's record); the post is only taken if that page really carries a form
// for the bucket, so no bucket can be filed into from nowhere.
import { z } from 'zod'
import { findPage } from '../content/find-page'
import type { Page, SiteModel } from '../content/model'
import type { FormBody } from '../forms/form-body'
import { recordIdSchema } from '../names'
import { PAGE_FIELD, RECORD_FIELD } from '../forms/service-fields'
import { pageHasForm } from './page-forms'

export interface FormTarget {
  readonly page: Page
  readonly recordId?: string
  /** The page's path as the visitor saw it: where the post returns. */
  readonly path: string
}

const pathSchema = z
  .string()
  .min(1)
  .max(2000)
  .regex(/^\/[a-z0-9/_-]*$/i)

/** The page the post came from, or null when it names none with this bucket's form. */
export function formTarget(site: SiteModel, bucket: string, body: FormBody): FormTarget | null {
  const path = pathSchema.safeParse(body.get(PAGE_FIELD))
  if (!path.success) return null
  const found = findPage(site, path.data)
  if (found === null || !pageHasForm(found.page, bucket)) return null
  const record = body.get(RECORD_FIELD)
  if (found.recordId !== undefined) {
    // The form names its record twice (path and field); they must agree.
    const named = recordIdSchema.safeParse(record)
    if (!named.success || named.data !== found.recordId) return null
  } else if (record !== undefined) {
    return null
  }
  return { page: found.page, recordId: found.recordId, path: found.path }
}
