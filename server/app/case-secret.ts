// The key case links in mail are signed with (visitor/case-token.ts): one for
// every instance on the bus, so a link one instance mailed opens on any
// other, kept on the bus as the reply key is in development. Not
// MAIL_REPLY_SECRET itself: that is the mailer unit's alone, and the service
// both signs the links (as it queues the mail) and checks them.
import { readOrCreateSecret } from '../bus/shared-secret'
import { useBus } from './bus'

const CASE_KEY = 'case-link'

let secret: Promise<Buffer> | null = null

/** Read once, then kept; a bus that could not answer is asked again next time. */
export function useCaseSecret(): Promise<Buffer> {
  secret ??= useBus()
    .then((bus) => readOrCreateSecret(bus, CASE_KEY))
    .catch((error: unknown) => {
      secret = null
      throw error
    })
  return secret
}
