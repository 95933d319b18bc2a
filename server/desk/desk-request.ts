// What every desk route needs to know about the request (assembled at the
// edge by utils/desk-request.ts): one content snapshot and its policy, the
// storyline, who is asking and what the header shows.
import type { SiteModel } from '../content/model'
import type { SessionUser } from '../sessions'
import type { PolicyEngine } from '../policy/engine'
import type { Principal } from '../policy/request'
import type { Viewer } from '../render/account'

export interface DeskRequest {
  readonly site: SiteModel
  readonly story: number
  readonly principal: Principal
  readonly user: SessionUser | null
  readonly policy: PolicyEngine
  readonly viewer: Viewer
}
