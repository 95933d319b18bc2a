// What a group is called where people read it: its label from site.yaml `groups:` in the storyline, or its name.
import type { SiteModel } from './model'

export function groupLabel(site: Pick<SiteModel, 'groups'>, group: string, story: number): string {
  return site.groups?.get(group)?.label[story] || group
}
