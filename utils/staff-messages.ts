import { useContent } from '../server/app/content'
import { staffStory } from '../server/content/staff-story'
import { messagesFor, type Messages } from '../server/messages/messages'

/** The site's texts and clock as staff read them (the staff storyline): for screens about the service's own work. */
export async function getStaffMessages(): Promise<Messages> {
  const { site } = await useContent()
  return messagesFor(site, staffStory(site))
}
