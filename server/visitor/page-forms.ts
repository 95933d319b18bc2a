// The forms a page carries, and which of them a visitor can use now.
import type { Bucket, Page } from '../content/model'

export function formBuckets(page: Page): string[] {
  return [...new Set(page.blocks.flatMap((block) => (block.kind === 'form' ? [block.bucket] : [])))]
}

export function pageHasForm(page: Page, bucket: string): boolean {
  return page.blocks.some((block) => block.kind === 'form' && block.bucket === bucket)
}

/** `sign_in: required`: someone not signed in is asked to sign in instead. */
export function needsSignIn(bucket: Bucket, signedIn: boolean): boolean {
  return bucket.signIn === 'required' && !signedIn
}

/** Where the visitor's own records of a bucket are listed, for a "my cases" link. */
export function minePageOf(pages: readonly Page[], bucket: string): Page | undefined {
  return pages.find(
    (page) =>
      page.record === undefined &&
      page.blocks.some((b) => b.kind === 'list' && b.view === 'mine' && b.bucket === bucket),
  )
}

/** The page a bucket's form is on (not a record page), where a form's post address sends a stray GET. */
export function formPageOf(pages: readonly Page[], bucket: string): Page | undefined {
  return pages.find((page) => page.record === undefined && pageHasForm(page, bucket))
}
