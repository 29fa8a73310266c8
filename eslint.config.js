import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const foldersOf = (path) =>
  readdirSync(new URL(path, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const features = foldersOf('./src/client/features');

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

/**
 * The server declares an API route from its entry in the same table (serve(app, entry, …),
 * src/server/http/serve.ts): neither its method beside the entry's path nor its address by hand.
 */
const routesByHand = [
  ...apiPathsByHand,
  {
    selector:
      "CallExpression[callee.property.name=/^(get|post|put|delete|patch|head|options|all)$/][arguments.0.type='MemberExpression'][arguments.0.property.name='path']",
    message:
      'Declare an API route with serve(app, entry, { schema, handler }): its method and its path come from its entry in src/domain/api-paths.ts.',
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

/**
 * The server's layers (docs/decisions/0050): the kernel (adapters and shared services, listed
 * here; the loose files of src/server too) < capabilities (every other folder) < the top
 * (app.ts, main.ts, cli/) that wires them. Generated from the folder list, like the features'.
 */
const KERNEL = ['db', 'storage', 'mail', 'pdf', 'geo', 'outbox', 'documents', 'http', 'security', 'tasks'];
const TOP = ['cli', 'test'];
const capabilities = foldersOf('./src/server').filter((folder) => !KERNEL.includes(folder) && !TOP.includes(folder));
const testFiles = ['src/server/**/*.test.ts', 'src/server/**/test-*.ts', 'src/server/**/*-test-factories.ts', 'src/server/test/**'];

const serverRule = {
  climbing: {
    group: ['../*'],
    message: 'No relative import that climbs out of its folder: name it from #server/… (its layer is then checked).',
  },
  top: {
    regex: '^#server/(app|main)\\.ts$|^#server/(cli|test)/',
    message: 'app.ts, main.ts and cli/ wire the server: nothing below imports them.',
  },
  capabilities: {
    regex: `^#server/(${capabilities.join('|')})/`,
    message: 'The kernel (adapters, outbox, documents, http) names no capability: take what it needs as an argument.',
  },
  admin: {
    regex: '^#server/admin/',
    message: 'Nothing imports admin/ from outside it: the back office is routes over the capabilities, their services are below it.',
  },
  otherRepository: (capability) => ({
    regex: `^#server/(?!${capability}/)[^/]+/(.+/)?([a-z-]+-)?repository\\.ts$`,
    message: "A capability reaches another one through that one's service, never its repository.",
  }),
  otherRoutes: (capability) => ({
    regex: `^#server/(?!${capability}/)[^/]+/(.+/)?routes\\.ts$`,
    message: "A capability never imports another one's routes: app.ts registers every capability's routes in the role scopes.",
  }),
  repositoryFromRoutes: {
    regex: '(^\\./|^#server/.+/)([a-z-]+-)?repository\\.ts$',
    message: 'Routes stay thin (parse, call, reply): SQL is reached through a service, never from routes.ts.',
  },
};
const restrict = (...patterns) => ({ 'no-restricted-imports': ['error', { patterns }] });

const serverLayers = [
  {
    files: ['src/server/*.ts', ...KERNEL.map((folder) => `src/server/${folder}/**`)],
    ignores: [...testFiles, 'src/server/app.ts', 'src/server/main.ts'],
    rules: restrict(serverRule.climbing, serverRule.top, serverRule.capabilities),
  },
  ...capabilities.flatMap((capability) => {
    const patterns = [
      serverRule.climbing,
      serverRule.top,
      ...(capability === 'admin' ? [] : [serverRule.admin]),
      serverRule.otherRepository(capability),
      serverRule.otherRoutes(capability),
    ];
    return [
      { files: [`src/server/${capability}/**`], ignores: testFiles, rules: restrict(...patterns) },
      { files: [`src/server/${capability}/**/routes.ts`], rules: restrict(...patterns, serverRule.repositoryFromRoutes) },
    ];
  }),
];

/** No import circle anywhere in src (type-only imports aside: they vanish at run time). */
const noCycle = {
  files: ['src/**/*.{ts,tsx}'],
  plugins: { 'import-x': importX },
  settings: {
    'import-x/extensions': ['.ts', '.tsx'],
    'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })],
  },
  rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
};

export default tseslint.config(
  {
    ignores: ['dist', 'node_modules', 'test-results', 'playwright-report', 'data', 'src/server/geo/data', 'src/server/test/lint-fixtures'],
  },
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
        noFocusedTests,
        ...formattersOutsideFormat,
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
  ...serverLayers,
  noCycle,
  { files: [FORMAT_MODULE], rules: { 'no-restricted-syntax': ['error', noFocusedTests] } },
  { files: ['src/client/**'], rules: { 'no-restricted-syntax': ['error', noFocusedTests, ...formattersOutsideFormat, ...apiPathsByHand] } },
  {
    files: ['src/server/**'],
    ignores: testFiles,
    rules: { 'no-restricted-syntax': ['error', noFocusedTests, ...formattersOutsideFormat, ...routesByHand] },
  },
  {
    // Playwright fixtures: `use` is the fixture's callback, not React's hook; `async ({}, use)` is their idiom.
    files: ['e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
