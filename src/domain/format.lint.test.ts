import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The project's ESLint, on a text planted at a path (nothing is written to disk). */
const eslint = new ESLint();
async function messagesOf(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return result!.messages.map((message) => message.message);
}

const FORMATTER = /src\/domain\/format\.ts/;

describe('ESLint keeps formatting in src/domain/format.ts', () => {
  it.each([
    ['src/server/pdf/planted.ts', "export const km = new Intl.NumberFormat('fr-FR').format(12);"],
    [
      'src/client/features/quotes/components/planted.tsx',
      "export const day = new Intl.DateTimeFormat('fr-FR', { timeZone: 'Europe/Paris' });",
    ],
    ['src/domain/planted.ts', "export const euros = Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR' });"],
    ['src/server/mail/planted.ts', 'export const day = new Date().toLocaleDateString();'],
    ['e2e/planted.spec.ts', 'export const text = (12.5).toLocaleString();'],
  ])('refuses a formatter in %s', async (filePath, code) => {
    expect(await messagesOf(code, filePath)).toEqual([expect.stringMatching(FORMATTER)]);
  });

  it('accepts one in the formatting module, and a call of its functions anywhere', async () => {
    expect(await messagesOf("export const km = new Intl.NumberFormat('fr-FR');", 'src/domain/format.ts')).toEqual([]);
    const caller = "import { formatKm } from '#domain/format.ts';\nexport const km = formatKm(12);";
    expect(await messagesOf(caller, 'src/server/pdf/planted.ts')).toEqual([]);
  });
});
