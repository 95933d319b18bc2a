// Development mode is what the README's run command uses: embedded defaults
// everywhere. Production never falls back silently.
export function isDevelopment(env: NodeJS.ProcessEnv): boolean {
  return env.SVC_MODE === 'development'
}
