// Mail intents wait on their own stream, SVC_MAIL, for the mailer unit.
export const MAIL_STREAM = 'SVC_MAIL'

/** One subject per event's mail, so "is it queued?" has an exact answer and queueing it twice is refused for ever. */
export const mailSubject = (bucket: string, id: string, seq: number): string => `svc.mail.${bucket}.${id}.${seq}`
