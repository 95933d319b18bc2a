// Every change to a membership or an invite is an event on SVC_PEOPLE with
// who made it, as a move is on the records stream: KV holds where things
// stand, the stream holds how they got there.
import { z } from 'zod'
import type { Bus } from '../bus/types'
import { log } from '../log'
import { actorSchema } from '../records/types'

export const PEOPLE_STREAM = 'SVC_PEOPLE'

export const peopleEventSchema = z.object({
  v: z.literal(1),
  about: z.enum(['membership', 'invite']),
  /** The KV key of the membership or the invite's id. */
  key: z.string(),
  change: z.enum(['invited', 'activated', 'learned', 'merged', 'removed', 'opened', 'expired', 'closed']),
  group: z.string(),
  actor: actorSchema,
  time: z.string(),
})
export type PeopleEvent = z.infer<typeof peopleEventSchema>

export interface PeopleLog {
  /** Appends the event; a bus failure is logged, never thrown: the change itself is already kept. */
  record(event: Omit<PeopleEvent, 'v'>): Promise<void>
}

export function createPeopleLog(bus: Bus): PeopleLog {
  let ready: Promise<void> | undefined
  const ensure = () =>
    (ready ??= bus.ensureStream(PEOPLE_STREAM, ['svc.people.>']).catch((error: unknown) => {
      ready = undefined
      throw error
    }))
  return {
    async record(event) {
      try {
        await ensure()
        await bus.append(PEOPLE_STREAM, `svc.people.${event.about}`, { v: 1, ...event })
      } catch (error) {
        log('error', 'people', '[svc] [people] a change was kept but its event was not', {
          about: event.about,
          change: event.change,
          error: (error as Error).message,
        })
      }
    },
  }
}
