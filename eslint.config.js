import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const features = readdirSync(new URL('./src/client/features', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const serverFromClient = {
  group: ['#server/*', '**/server/**'],
  message: 'The browser code never imports the server: share through src/domain.',
};

/** Layers: domain imports neither side; the client never imports the server; features never import each other. */
const boundaries = [
  {
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['#server/*', '#client/*', '**/server/**', '**/client/**'],
              message: 'src/domain is pure: no server or client import.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/client/**'],
    ignores: ['src/client/features/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [serverFromClient] }] },
  },
  ...features.map((feature) => ({
    files: [`src/client/features/${feature}/**`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            serverFromClient,
            {
              regex: `^#client/features/(?!${feature}/)`,
              message: 'Features do not import each other: move what they share to src/client/lib or src/client/ui.',
            },
          ],
        },
      ],
    },
  })),
];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'data', 'src/server/geo/data'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
          message: 'No focused or skipped tests.',
        },
        {
          // TanStack Query drops the callbacks given to mutate() when their component unmounts,
          // which a refetch after the change often does (the toast and the way on were lost).
          selector: "CallExpression[callee.property.name='mutate'][arguments.length>1]",
          message: 'One pattern for a mutation: await mutateAsync(…) in try/catch, then the toast, then navigate.',
        },
      ],
    },
  },
  ...boundaries,
  {
    // Playwright fixtures: `use` is the fixture's callback, not React's hook; `async ({}, use)` is their idiom.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
