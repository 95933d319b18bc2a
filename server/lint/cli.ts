#!/usr/bin/env node
import { runLint } from './run-lint'

const code = await runLint(process.argv.slice(2), {
  out: (t) => process.stdout.write(`${t}\n`),
  err: (t) => process.stderr.write(`${t}\n`),
  env: process.env,
})
process.exitCode = code
