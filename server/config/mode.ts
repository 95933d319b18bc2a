// Development mode is what the README's run command uses: embedded defaults
// everywhere. Production never falls back silently.
export function isDevelopment(config: { readonly SVC_MODE?: string }): boolean {
  return config.SVC_MODE === 'development'
}
