// Mail intents wait on their own stream, SVC_MAIL, for the mailer unit.
import type { Bus } from '../bus/types'

export const MAIL_STREAM = 'SVC_MAIL'

/** Whoever queues or reads mail first on a fresh bus makes the stream. */
export async function ensureMailStream(bus: Bus): Promise<void> {
  await bus.ensureStream(MAIL_STREAM, ['svc.mail.>'])
}

/** One subject per event's mail, so "is it queued?" has an exact answer and queueing it twice is refused for ever. */
export const mailSubject = (bucket: string, id: string, seq: number): string => `svc.mail.${bucket}.${id}.${seq}`
