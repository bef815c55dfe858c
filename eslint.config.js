import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import { importX } from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'var/**', 'web/e2e/artifacts/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-explicit-any': 'error',
      'no-console': 'error',
    },
  },
  {
    // No import cycles anywhere (a cycle makes load order decide what is undefined). The resolver
    // reads each workspace's tsconfig, so `./x.js` finds `./x.ts` and web's `@/` paths resolve.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['*/tsconfig.json', 'services/*/tsconfig.json', 'web/e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    // Radix primitives are wrapped once in components/ui (styled, labelled, keyboard-tested there);
    // features and layouts use the wrappers.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: ['web/src/components/ui/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'radix-ui', message: 'Use the wrapper in @/components/ui (add one there if missing).' },
          ],
          patterns: [
            {
              group: ['@radix-ui/*'],
              message: 'Use the wrapper in @/components/ui (add one there if missing).',
            },
          ],
        },
      ],
    },
  },
  {
    // command-line scripts talk to a person on the console
    files: ['deploy/**/*.mjs', 'web/e2e/**', 'bench/**'],
    rules: { 'no-console': 'off' },
  },
  prettier,
);
