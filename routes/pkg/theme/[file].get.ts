// GET /pkg/theme/{hash}.css: the branding's CSS. The name is its hash, so it
// is kept for ever; a page from before a content change that asks for an
// older one gets today's, not to be kept.
import { defineEventHandler, getRouterParam, setResponseHeader } from 'h3'
import { useContent } from '../../../server/app/content'
import { themeAsset } from '../../../server/render/theme-asset'

export default defineEventHandler(async (event) => {
  const wanted = `/pkg/theme/${getRouterParam(event, 'file') ?? ''}`
  const current = themeAsset((await useContent()).site.branding)
  const plain = themeAsset()
  const exact = [current, plain].find((asset) => asset.href === wanted)
  setResponseHeader(event, 'content-type', 'text/css; charset=utf-8')
  setResponseHeader(event, 'x-content-type-options', 'nosniff')
  setResponseHeader(event, 'cache-control', exact === undefined ? 'no-cache' : 'public, max-age=31536000, immutable')
  return (exact ?? current).css
})
