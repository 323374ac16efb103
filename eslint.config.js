// ESLint for the whole project: `eslint .` (npm run lint; npm test runs it too).
import js from '@eslint/js'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default tseslint.config(
  // build/ (the compiled templates) is written by the build (scripts/bundle.js)
  { ignores: ['dist/**', 'node_modules/**', '.tap/**', 'fixtures/**', 'coverage/**', 'build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: globals.node,
      // one program for src, scripts and tests (test/tsconfig.json includes them): src is type-checked once
      parserOptions: { project: ['test/tsconfig.json'], tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // `for await (const _ of steps)`: a generator driven for its effects
      '@typescript-eslint/no-unused-vars': ['error', { varsIgnorePattern: '^_', argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      // tap reports a subtest's failure itself: the promise t.test() returns need not be awaited
      '@typescript-eslint/no-floating-promises': ['error', {
        allowForKnownSafePromises: [{ from: 'package', name: 'PromiseWithSubtest', package: '@tapjs/core' }],
      }],
      // tap ends a subtest when the promise of its function settles: `async (t) => { … }` with no
      // await is how a synchronous subtest ends by itself (a plain function would need t.end())
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // the bin is CommonJS (bin/package.json)
    files: ['bin/**/*.js'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
)
