// The mailer running inside the service, in development on the embedded bus
// only (server/nitro/mailer-plugin.ts): /dev/outbox hands typed replies to its inbox.
import type { Mailer } from '../mail/mailer'

let running: Promise<Mailer> | null = null

export function setDevMailer(mailer: Promise<Mailer>): void {
  running = mailer
}

/** Null when no mailer runs in this process. */
export function useDevMailer(): Promise<Mailer> | null {
  return running
}
