import { defineNitroPlugin } from 'nitropack/runtime'
import { respondToAccessQuestions } from '../access-questions/responder'
import { useBus } from '../app/bus'
import { useContent, useContentStore } from '../app/content'
import { useMemberships } from '../app/memberships'
import { usePeopleDirectory } from '../app/people'
import { useConfig } from '../config/use-config'
import { log } from '../log'
import { createPolicyEngine } from '../policy/engine'

// Answers svc.access.ask with the content being served at the moment of each question.
export default defineNitroPlugin(() => {
  const phoneCountry = useConfig().PHONE_COUNTRY
  void (async () => {
    const [bus, directory, memberships] = await Promise.all([
      useBus(),
      usePeopleDirectory(),
      useMemberships(),
      useContent(),
    ])
    await respondToAccessQuestions(bus, () => {
      const live = useContentStore()?.current()
      if (!live) throw new Error('[svc] [access] no content is being served')
      return { engine: createPolicyEngine(live.site), directory, memberships, phoneCountry }
    })
  })().catch((error: Error) =>
    log('error', 'access', `[svc] [access] cannot answer access questions: ${error.message}`),
  )
})
