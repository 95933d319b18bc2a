// POST /file/<bucket>: a filing (utils/filing-post.ts). Most filings are
// answered before the app by the fast path (server/nitro/fast-filing-plugin.ts);
// this route answers those it passes on.
import { defineEventHandler, getRouterParam } from 'h3'
import { answerFilingPost } from '../../utils/filing-post'

export default defineEventHandler((event) => answerFilingPost(event, getRouterParam(event, 'bucket')))
