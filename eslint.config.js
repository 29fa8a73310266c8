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

const noFocusedTests = {
  selector: 'CallExpression[callee.object.name=/^(it|test|describe)$/][callee.property.name=/^(only|skip)$/]',
  message: 'No focused or skipped tests.',
};

/** Dates, distances and amounts are written by src/domain/format.ts alone (fr-FR, Europe/Paris). */
const FORMAT_MODULE = 'src/domain/format.ts';
const formattersOutsideFormat = [
  {
    selector: ':matches(NewExpression, CallExpression)[callee.object.name="Intl"][callee.property.name=/^(DateTimeFormat|NumberFormat)$/]',
    message: `Format dates, distances and amounts with ${FORMAT_MODULE}; no Intl formatter elsewhere.`,
  },
  {
    selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)?String$/]',
    message: `Format dates, distances and amounts with ${FORMAT_MODULE}, not toLocaleString.`,
  },
];

/** The client builds every API address from src/domain/api-paths.ts, never by hand. */
const apiPathsByHand = [
  {
    selector: 'Literal[value=/^([A-Z]+ )?\\/api\\//], TemplateElement[value.raw=/^([A-Z]+ )?\\/api\\//]',
    message: 'Build API addresses from the table in src/domain/api-paths.ts (urlOf, api, routeKey), not by hand.',
  },
];

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
      'no-restricted-syntax': ['error', noFocusedTests, ...formattersOutsideFormat],
    },
  },
  ...boundaries,
  { files: [FORMAT_MODULE], rules: { 'no-restricted-syntax': ['error', noFocusedTests] } },
  { files: ['src/client/**'], rules: { 'no-restricted-syntax': ['error', noFocusedTests, ...formattersOutsideFormat, ...apiPathsByHand] } },
  {
    // Playwright fixtures: `use` is the fixture's callback, not React's hook; `async ({}, use)` is their idiom.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
