// HEAD is answered wherever GET is: a load balancer probing /healthz with HEAD
// must not read 405 as "down". Routes are declared for GET only, so a HEAD is
// routed as a GET after the rate limit has counted it. Node's response already
// sends no body for a HEAD request: it decided that from the request line,
// before any handler ran, and it does not look at the method again.
import { defineEventHandler } from 'h3'

export default defineEventHandler((event) => {
  if (event.method === 'HEAD') event._method = 'GET'
})
