import manifest from '#pkg-manifest'
import type { Assets } from '../server/render/document'

/** The hashed URLs of this build's own files. */
export const pkgAssets: Assets = {
  css: manifest['site.css'] ?? '/pkg/site.css',
  script: manifest['map.js'] ?? '/pkg/map.js',
  maps: {
    css: manifest['leaflet.css'] ?? '/pkg/leaflet.css',
    scripts: [manifest['leaflet.js'] ?? '/pkg/leaflet.js', manifest['map.js'] ?? '/pkg/map.js'],
  },
}
