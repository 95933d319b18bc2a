// At sign-in: the cases this browser filed before (under any of its visitor cookie's values,
// or under the session the sign-in started in) become the person's. A
// failure is logged and never fails the sign-in: the cases stay the
// browser's, and the next sign-in in it claims them.
import type { H3Event } from 'h3'
import { useRecords } from '../server/app/records'
import { log } from '../server/log'
import type { SessionUser } from '../server/sessions'
import { cookieSubmitters, sessionSubmitter } from '../server/visitor/visitor'
import { getVisitorCookie } from './visitor-cookie'

export async function claimCasesAtSignIn(event: H3Event, sessionId: string, user: SessionUser): Promise<void> {
  const from = [sessionSubmitter(sessionId), ...cookieSubmitters(getVisitorCookie(event))]
  try {
    const { records } = await useRecords()
    const claimed = await records.claim({
      from,
      subject: user.subject,
      actor: { kind: 'person', subject: user.subject, ...(user.name ? { name: user.name } : {}) },
    })
    if (claimed > 0) log('info', 'records', 'cases filed before sign-in claimed', { subject: user.subject, claimed })
  } catch (error) {
    log('error', 'records', `[svc] [records] cases filed before sign-in could not be claimed: ${String(error)}`)
  }
}
