// typescript-eslint's recommended type-checked rules over the project's code.
import js from '@eslint/js'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  {
    ignores: [
      '.output/',
      '.nitro/',
      '.data/',
      'node_modules/',
      'examples/',
      'eslint.config.js',
      'bench/run.mjs',
      '.ci/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
  },
  {
    // The one script pages load (maps), plain browser JavaScript outside the TypeScript project.
    files: ['server/render/assets/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'script',
      globals: { window: 'readonly', document: 'readonly', navigator: 'readonly' },
    },
  },
  {
    // Loaded with --import into the built service by tests (test/support/fast-clock.ts): plain Node JavaScript.
    files: ['test/support/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { process: 'readonly', globalThis: 'readonly' },
    },
  },
  {
    rules: {
      // The embedded bus, test doubles of the provider and the like implement
      // async interfaces with synchronous bodies on purpose: an async method
      // turns a throw into a rejection, as the NATS adapter's would be.
      '@typescript-eslint/require-await': 'off',
      // `_`-prefixed names are the ones a destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
      // Control characters are stripped and escaped on purpose (forms, return
      // paths, Cedar strings, URLs in HTML): those patterns must name them.
      'no-control-regex': 'off',
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // vitest's asymmetric matchers (expect.any, expect.stringContaining) and
      // ultrahtml's parse() are typed `any`.
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      // Test worlds are plain objects whose functions never use `this`.
      '@typescript-eslint/unbound-method': 'off',
    },
  },
)
