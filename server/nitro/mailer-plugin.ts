import { defineNitroPlugin } from 'nitropack/runtime'
import { useBus } from '../app/bus'
import { setDevMailer } from '../app/dev-mailer'
import { isDevelopment } from '../app/mode'
import { useConfig } from '../config/use-config'
import { log } from '../log'
import { inboundOptions, startMailer } from '../mail/mailer'
import { mailerSetup } from '../mail/mailer-setup'
import { replySetup } from '../mail/replies/reply-settings'

// The embedded bus belongs to this process, so in development the mailer
// runs here, through the same module as the mailer process. On NATS, and
// always in production, it runs apart (node .output/mailer/index.mjs), and
// the service's readiness never waits for it.
export default defineNitroPlugin(() => {
  const config = useConfig()
  if (!isDevelopment(config) || config.BUS_URL !== undefined) return
  const setup = mailerSetup(config)
  if ('refusal' in setup) return log('warn', 'mail', `[svc] [mail] no mail is delivered: ${setup.refusal}`)
  const mailer = useBus().then(async (bus) => {
    const replies = await replySetup(config, bus)
    if ('refusal' in replies) throw new Error(replies.refusal)
    return startMailer({ bus, ...setup, ...replies, ...inboundOptions(config) })
  })
  setDevMailer(mailer)
  mailer.catch((error: unknown) => log('error', 'mail', `[svc] [mail] the mailer cannot start: ${String(error)}`))
})
