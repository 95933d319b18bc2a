// A child process (git) runs with the service's environment, which carries its
// PATH, HOME and proxy settings, but not the service's own secrets: git needs
// none of them, and whatever it runs would see them.
import { SETTING_NAMES, isSecretSetting } from './schema'

export function childEnvironment(extra: Readonly<Record<string, string>>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env }
  for (const name of SETTING_NAMES) if (isSecretSetting(name)) delete env[name]
  return { ...env, ...extra }
}
