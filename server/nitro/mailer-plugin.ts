import { defineNitroPlugin } from 'nitropack/runtime'
import { useBus } from '../app/bus'
import { setDevMailer } from '../app/dev-mailer'
import { useConfig } from '../config/use-config'
import { log } from '../log'
import { inboundOptions, mailPending, startMailer } from '../mail/mailer'
import { mailerInService, mailerSetup } from '../mail/mailer-setup'
import { createMailMetrics } from '../metrics/mail-metrics'
import { useServiceMetrics } from '../metrics/service-metrics'
import { replySetup } from '../mail/replies/reply-settings'

// The embedded bus belongs to this process, so in development the mailer
// runs here, through the same module as the mailer process; on NATS too when
// no SMTP_URL names a server for a mailer unit (then to the outbox). Otherwise,
// and always in production, it runs apart (node .output/mailer/index.mjs), and
// the service's readiness never waits for it.
export default defineNitroPlugin(() => {
  const config = useConfig()
  if (!mailerInService(config)) return
  const setup = mailerSetup(config)
  if ('refusal' in setup) return log('warn', 'mail', `[svc] [mail] no mail is delivered: ${setup.refusal}`)
  const mailer = useBus().then(async (bus) => {
    const replies = await replySetup(config, bus)
    if ('refusal' in replies) throw new Error(replies.refusal)
    // With metrics on, this process's /metrics tells its mail too.
    const metrics =
      config.METRICS_PORT === undefined
        ? {}
        : { metrics: createMailMetrics(useServiceMetrics().registry, () => mailPending(bus)) }
    return startMailer({ bus, ...setup, ...replies, ...inboundOptions(config), ...metrics })
  })
  setDevMailer(mailer)
  mailer.catch((error: unknown) => log('error', 'mail', `[svc] [mail] the mailer cannot start: ${String(error)}`))
})
