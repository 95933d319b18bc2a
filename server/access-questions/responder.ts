// Serves access questions over the bus: request/reply on svc.access.ask.
import { log } from '../log'
import type { Bus, Unsubscribe } from '../bus/types'
import { answerAccessQuestion, type AnswerDeps } from './answer'

export const ACCESS_SUBJECT = 'svc.access.ask'

export function respondToAccessQuestions(bus: Bus, deps: () => AnswerDeps): Promise<Unsubscribe> {
  return bus.respond(ACCESS_SUBJECT, async (data) => {
    try {
      return await answerAccessQuestion(data, deps())
    } catch (error) {
      log('error', 'access', '[svc] [access] answering a question failed', { error: (error as Error).message })
      return { error: 'the service could not answer' }
    }
  })
}
