// ESLint: typescript-eslint's recommended rules (syntax only, no type information), React's hook rules, and
// eslint-config-prettier last so formatting is Prettier's alone.
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'dist-server/',
      '.tmp/',
      'data/',
      '.e2e-data/',
      'reports/',
      'playwright-report/',
      'test-results/',
      'node_modules/',
      'server/catalogue/data/',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  reactHooks.configs.flat.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // XML, CSV import and search folding match control characters on purpose.
      'no-control-regex': 'off',
      // `_name` marks a value left out on purpose (a rest sibling, an unused parameter of a callback).
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
    },
  },
  prettier,
);
