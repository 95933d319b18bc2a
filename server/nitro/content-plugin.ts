import { defineNitroPlugin } from 'nitropack/runtime'
import { startContent } from '../app/content'

// Plugins are not awaited: routes wait on useContent() instead.
export default defineNitroPlugin(() => {
  void startContent(process.env)
})
