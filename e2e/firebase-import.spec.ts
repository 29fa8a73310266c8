import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PASSWORDS, writeProject } from '#server/imports/firebase/test-fixtures.ts';
import { E2E_ADMIN, E2E_DATA_DIR, expect, test } from './fixtures.ts';

mkdirSync('test-results/screens', { recursive: true });

test.describe('coming from the original Firebase app', () => {
  test(
    'a customer imported by npm run import:firebase logs in with his old password and finds his quotes',
    { tag: '@phone-only' },
    async ({ page }, testInfo) => {
      const dir = mkdtempSync(path.join(os.tmpdir(), 'firebase-export-e2e-'));
      try {
        // The operator's command, against the running server's data (a second project's run imports nothing twice).
        const project = await writeProject(dir);
        const out = execFileSync(process.execPath, ['--import', 'tsx', 'src/server/imports/firebase/cli.ts', ...project.args], {
          env: { ...process.env, DATA_DIR: E2E_DATA_DIR, ADMIN_EMAIL: E2E_ADMIN.email, LOG_LEVEL: 'warn' },
          encoding: 'utf8',
          stdio: ['ignore', 'pipe', 'pipe'],
        });
        expect(out).toContain('Import terminé.');

        await page.goto('/connexion');
        await page.getByLabel('E-mail').fill('lea@exemple.fr');
        await page.getByLabel('Mot de passe', { exact: true }).fill(PASSWORDS.lea);
        await page.getByRole('button', { name: 'Se connecter' }).click();
        await expect(page).toHaveURL(/\/espace-client$/);

        const quotes = page.getByRole('article');
        await expect(quotes).toHaveCount(3);
        await expect(quotes.nth(0)).toContainText('En cours');
        await expect(quotes.nth(0)).toContainText('Lyon (69000) → Nice (06000)');
        await expect(quotes.nth(0).getByRole('link', { name: 'Télécharger le devis signé' })).toBeVisible();
        await expect(quotes.nth(1)).toContainText('Confirmé');
        await expect(quotes.nth(1)).toContainText(/1\s234,50\s€/);
        await expect(quotes.nth(2)).toContainText('En attente');
        await page.screenshot({ path: `test-results/screens/${testInfo.project.name}-firebase-import-espace-client.png`, fullPage: true });

        await page.getByRole('link', { name: 'Voir mes devis archivés' }).click();
        await expect(page.getByRole('article')).toHaveCount(1);
        await expect(page.getByRole('article')).toContainText('Lyon (69000) → Dijon (21000)');
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});
