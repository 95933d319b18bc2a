// A page kept in the page cache is answered here, after the rate limit and
// before the session middleware and the router: a visitor who only reads
// costs a cookie parse, a key and a copy of the bytes. Anything else goes on
// to the routes, which render and keep what is missing (utils/cached-page.ts).
import { defineEventHandler } from 'h3'
import { serveCachedPage } from '../../utils/cached-page'

export default defineEventHandler((event) => (event.method === 'GET' ? serveCachedPage(event) : undefined))
