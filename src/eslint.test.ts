import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * The lint rules that keep the server's shape (eslint.config.js), each shown failing on a
 * planted example, and passing on the same file without it. Import-only examples are linted
 * as text under a real path; the import circle needs two files on disk
 * (src/server/test/lint-fixtures/, which `npm run lint` ignores).
 */

const eslint = new ESLint({ ignore: false });
// The import rules alone: the circle check walks the whole import graph, its own test below.
const importRules = new ESLint({ overrideConfig: { files: ['src/**'], rules: { 'import-x/no-cycle': 'off' } } });

async function problems(filePath: string, code: string) {
  const [result] = await importRules.lintText(code, { filePath });
  return result!.messages.map((message) => `${message.ruleId}: ${message.message}`);
}

const planted = [
  {
    rule: 'a routes.ts importing a repository',
    file: 'src/server/quotes/routes.ts',
    bad: "import { findQuoteById } from './repository.ts';",
    good: "import { requireQuote } from './service.ts';",
    says: 'never from routes.ts',
  },
  {
    rule: "a capability importing another capability's repository",
    file: 'src/server/invoices/drafts.ts',
    bad: "import { findQuoteById } from '#server/quotes/repository.ts';",
    good: "import { findQuoteById } from '#server/quotes/service.ts';",
    says: "through that one's service",
  },
  {
    rule: "a capability importing another capability's list repository",
    file: 'src/server/missions/service.ts',
    bad: "import { listGroups } from '#server/quotes/list-repository.ts';",
    good: "import { requireQuote } from '#server/quotes/service.ts';",
    says: "through that one's service",
  },
  {
    rule: "a capability importing another capability's routes",
    file: 'src/server/invoices/service.ts',
    bad: "import { quoteRoutes } from '#server/quotes/routes.ts';",
    good: "import { rowToDevis } from '#server/quotes/service.ts';",
    says: 'role scopes',
  },
  {
    rule: 'anything importing admin/ from outside it',
    file: 'src/server/quotes/service.ts',
    bad: "import { adminHome } from '#server/admin/service.ts';",
    good: "import { notifySigned } from '#server/notifications/service.ts';",
    says: 'Nothing imports admin/',
  },
  {
    rule: 'db/ naming a capability',
    file: 'src/server/db/migrate.ts',
    bad: "import { authMigrations } from '#server/accounts/auth.ts';",
    good: "import { migrateToLatest } from './index.ts';",
    says: 'names no capability',
  },
  {
    rule: 'the kernel naming a capability',
    file: 'src/server/documents/documents.ts',
    bad: "import { createGuards } from '#server/accounts/guards.ts';",
    good: "import { AppError } from '#server/errors.ts';",
    says: 'names no capability',
  },
  {
    rule: 'a capability importing what wires the server',
    file: 'src/server/quotes/service.ts',
    bad: "import { buildApp } from '#server/app.ts';",
    good: "import { AppError } from '#server/errors.ts';",
    says: 'nothing below imports them',
  },
  {
    rule: 'a relative import climbing out of its folder',
    file: 'src/server/quotes/service.ts',
    bad: "import { AppError } from '../errors.ts';",
    good: "import { AppError } from '#server/errors.ts';",
    says: 'climbs out of its folder',
  },
];

describe('the lint rules of the server’s layers', () => {
  it.each(planted)('fails on $rule', async ({ file, bad, good, says }) => {
    const refused = await problems(file, `${bad}\n\nexport const used = [${bad.match(/\{ (\w+) \}/)![1]}];\n`);
    expect(refused.filter((problem) => problem.startsWith('no-restricted-imports'))).toEqual([expect.stringContaining(says)]);
    expect(await problems(file, `${good}\n\nexport const used = [${good.match(/\{ (\w+) \}/)![1]}];\n`)).toEqual([]);
  });

  it.each([
    { rule: 'a route whose method is written beside its entry', call: 'app.get(apiRoutes.quotes.list.path, async () => [])' },
    { rule: 'an API address written by hand', call: "app.route({ method: 'GET', url: '/api/devis', handler: async () => [] })" },
  ])('fails on $rule in a capability', async ({ call }) => {
    const code = (declaration: string) =>
      `import { apiRoutes } from '#domain/api-paths.ts';\nimport type { RouteScope } from '#server/http/role-scopes.ts';\nimport { serve } from '#server/http/serve.ts';\n\nexport const routes = [apiRoutes, serve, (app: RouteScope) => ${declaration}];\n`;
    expect(await problems('src/server/quotes/routes.ts', code(call))).toEqual([
      expect.stringMatching(/^no-restricted-syntax: .*api-paths\.ts/),
    ]);
    expect(
      await problems('src/server/quotes/routes.ts', code('serve(app, apiRoutes.quotes.list, { schema: {}, handler: async () => [] })')),
    ).toEqual([]);
  });

  // Walking the whole import graph takes a while on a busy machine.
  it('fails on an import circle, through the #server alias as well', { timeout: 120_000 }, async () => {
    const results = await eslint.lintFiles(['src/server/test/lint-fixtures/cycle-a.ts', 'src/server/test/lint-fixtures/cycle-b.ts']);
    for (const result of results) {
      expect(result.messages.map((message) => message.ruleId)).toEqual(['import-x/no-cycle']);
    }
  });
});
