import { defineNitroPlugin } from 'nitropack/runtime'
import { useConfig } from '../config/use-config'
import { startSignIn } from '../sign-in/use-sign-in'

// Sign-in is prepared at start (and the development provider started), not on
// the first visitor's click; routes wait on useSignIn(). It never stops the
// process: without a provider, sign-in is off and says why.
export default defineNitroPlugin(() => {
  void startSignIn(useConfig())
})
