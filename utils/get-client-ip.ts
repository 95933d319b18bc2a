// The caller's address as the rate limit counts it, read from the request.
import { getRequestHeader } from 'h3'
import type { H3Event } from 'h3'
import { clientIpOf } from '../server/http/client-ip'
import type { TrustedProxies } from '../server/http/client-ip'

export function getClientIp(event: H3Event, trusted: TrustedProxies): string {
  return clientIpOf(
    {
      peer: event.node.req.socket.remoteAddress,
      forwardedFor: getRequestHeader(event, 'x-forwarded-for'),
      realIp: getRequestHeader(event, 'x-real-ip'),
    },
    trusted,
  )
}
