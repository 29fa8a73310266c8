import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_TOTP_SECRET, mergeCookies, PUBLIC_URL, totpCode, useTestApp } from '#server/test/helpers.ts';

type Run = { code: number | null; stdout: string; stderr: string };

const SCRIPT = fileURLToPath(new URL('./admin.ts', import.meta.url));

// Each test starts the command (tsx) a few times: give it room on a busy machine.
describe('npm run admin, as a real process', { timeout: 60_000 }, () => {
  const t = useTestApp('sqlite');

  const env = (extra: Record<string, string> = {}) => {
    const { ADMIN_PASSWORD: _ignored, ...inherited } = process.env;
    return { ...inherited, DATA_DIR: t.dataDir, ADMIN_EMAIL, LOG_LEVEL: 'warn', ...extra };
  };
  const command = (args: string[]) => [process.execPath, '--import', 'tsx', SCRIPT, ...args];

  /** Runs the command with `input` on a piped stdin (closed right after). */
  function runAdmin(
    args: string[],
    { input = '', extraEnv = {} }: { input?: string; extraEnv?: Record<string, string> } = {},
  ): Promise<Run> {
    const [file, ...rest] = command(args);
    const child = spawn(file!, rest, { env: env(extraEnv) });
    return collect(child, () => child.stdin.end(input));
  }

  /** Runs the command on a terminal (`script` gives it a pseudo-terminal) and answers each prompt when it shows. */
  function runAdminOnTerminal(args: string[], answers: string[]): Promise<Run> {
    const child = spawn(
      'script',
      [
        '-qec',
        command(args)
          .map((arg) => `'${arg}'`)
          .join(' '),
        '/dev/null',
      ],
      { env: env() },
    );
    let shown = '';
    let prompts = 0;
    child.stdout.on('data', (chunk: Buffer) => {
      shown += chunk.toString();
      const seen = (shown.match(/ : (?=\r\n|$)/g) ?? []).length;
      while (prompts < seen && prompts < answers.length) child.stdin.write(answers[prompts++]!);
    });
    return collect(child, () => {});
  }

  function collect(child: ReturnType<typeof spawn>, start: () => void): Promise<Run> {
    let stdout = '';
    let stderr = '';
    child.stdout!.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    start();
    return new Promise((resolve, reject) => {
      child.on('error', reject);
      child.on('close', (code) => resolve({ code, stdout, stderr }));
    });
  }

  let signInCount = 0;
  async function signInStatus(password: string) {
    signInCount += 1;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: PUBLIC_URL, 'x-forwarded-for': `203.0.113.${signInCount}` },
      payload: { email: ADMIN_EMAIL, password, rememberMe: false },
    });
    return response.statusCode;
  }

  /** A full sign-in of the administrator: what the password step said, and whether a code of `secret` opened the back office. */
  async function signInWithCode(password: string, secret: string) {
    signInCount += 1;
    const headers = { origin: PUBLIC_URL, 'x-forwarded-for': `203.0.113.${signInCount}` };
    const first = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers,
      payload: { email: ADMIN_EMAIL, password, rememberMe: false },
    });
    let cookie = mergeCookies('', first.headers['set-cookie']);
    const asked = (first.json() as { twoFactorRedirect?: boolean }).twoFactorRedirect === true;
    if (asked) {
      const second = await t.app.inject({
        method: 'POST',
        url: '/api/auth/two-factor/verify-totp',
        headers: { ...headers, cookie },
        payload: { code: totpCode(secret) },
      });
      cookie = mergeCookies(cookie, second.headers['set-cookie']);
    }
    const back = await t.app.inject({ url: '/api/admin/devis', headers: { cookie } });
    return { asked, backOffice: back.statusCode };
  }

  it('sets the second factor to a given secret with --totp-secret, and clears it with --reset-2fa', async () => {
    await runAdmin(['--email', ADMIN_EMAIL, '--password', 'avec-double-9']);
    const set = await runAdmin(['--email', ADMIN_EMAIL, '--totp-secret', ADMIN_TOTP_SECRET.toLowerCase()]);
    expect(set).toMatchObject({ code: 0, stderr: '' });
    expect(set.stdout).toContain(`Double authentification activée pour ${ADMIN_EMAIL} avec la clé fournie.`);
    expect(set.stdout.match(/^[A-Za-z0-9]{5}-[A-Za-z0-9]{5}$/gm)).toHaveLength(10);
    expect(await signInWithCode('avec-double-9', ADMIN_TOTP_SECRET)).toEqual({ asked: true, backOffice: 200 });
    expect(await signInWithCode('avec-double-9', 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ')).toEqual({ asked: true, backOffice: 401 });

    const reset = await runAdmin(['--email', ADMIN_EMAIL, '--reset-2fa']);
    expect(reset).toMatchObject({ code: 0, stderr: '' });
    expect(reset.stdout).toContain(`Double authentification supprimée pour ${ADMIN_EMAIL}`);
    // The password alone signs in again, to the set-up only.
    expect(await signInWithCode('avec-double-9', ADMIN_TOTP_SECRET)).toEqual({ asked: false, backOffice: 403 });

    const invalid = await runAdmin(['--email', ADMIN_EMAIL, '--totp-secret', 'pas-du-base32!']);
    expect(invalid.code).toBe(1);
    expect(invalid.stderr).toContain('Clé TOTP invalide');
    const nobody = await runAdmin(['--email', 'personne@exemple.fr', '--reset-2fa']);
    expect(nobody).toMatchObject({ code: 1, stderr: 'Aucun compte pour personne@exemple.fr.\n' });
  });

  it('keeps --password working as before', async () => {
    const run = await runAdmin(['--email', ADMIN_EMAIL, '--password', 'par-l-option-1']);
    expect(run).toMatchObject({ code: 0, stderr: '' });
    expect(run.stdout).toMatch(/^Administrateur (créé|mis à jour) : admin@convoyage\.test\n$/);
    expect(await signInStatus('par-l-option-1')).toBe(200);
  });

  it('reads the password from ADMIN_PASSWORD when --password is not given', async () => {
    const run = await runAdmin(['--email', ADMIN_EMAIL], { extraEnv: { ADMIN_PASSWORD: 'par-la-variable-2' } });
    expect(run).toMatchObject({ code: 0, stdout: `Administrateur mis à jour : ${ADMIN_EMAIL}\n` });
    expect(await signInStatus('par-la-variable-2')).toBe(200);
  });

  it('reads the first line of a piped stdin when neither is given, and nothing after it', async () => {
    const run = await runAdmin(['--email', ADMIN_EMAIL], { input: 'par l’entrée standard 3\r\nautre-ligne\n' });
    expect(run).toMatchObject({ code: 0, stdout: `Administrateur mis à jour : ${ADMIN_EMAIL}\n` });
    expect(await signInStatus('par l’entrée standard 3')).toBe(200);
    expect(await signInStatus('par-la-variable-2')).toBe(401);
  });

  it('prefers --password to ADMIN_PASSWORD, and ADMIN_PASSWORD to stdin', async () => {
    await runAdmin(['--email', ADMIN_EMAIL, '--password', 'par-l-option-4'], {
      input: 'par-stdin-4\n',
      extraEnv: { ADMIN_PASSWORD: 'par-la-variable-4' },
    });
    expect(await signInStatus('par-l-option-4')).toBe(200);
    await runAdmin(['--email', ADMIN_EMAIL], { input: 'par-stdin-5\n', extraEnv: { ADMIN_PASSWORD: 'par-la-variable-5' } });
    expect(await signInStatus('par-la-variable-5')).toBe(200);
  });

  it('asks twice on a terminal without showing the password', async () => {
    const run = await runAdminOnTerminal(['--email', ADMIN_EMAIL], ['au-clavier-6\r', 'au-clavier-6\r']);
    expect(run.code).toBe(0);
    expect(run.stdout).toContain('Mot de passe de l’administrateur : ');
    expect(run.stdout).toContain('Confirmez le mot de passe : ');
    expect(run.stdout).toContain(`Administrateur mis à jour : ${ADMIN_EMAIL}`);
    expect(run.stdout).not.toContain('au-clavier');
    expect(await signInStatus('au-clavier-6')).toBe(200);
  });

  it('refuses, in French and changing nothing, two different entries, an empty stdin and a short password', async () => {
    await runAdmin(['--email', ADMIN_EMAIL, '--password', 'avant-les-refus-8']);
    const mismatch = await runAdminOnTerminal(['--email', ADMIN_EMAIL], ['au-clavier-7\r', 'autre-chose-7\r']);
    expect(mismatch.code).toBe(1);
    expect(mismatch.stdout).toContain('Les deux saisies ne correspondent pas ; l’administrateur n’a pas été modifié.');

    const empty = await runAdmin(['--email', ADMIN_EMAIL]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toContain('Usage : npm run admin -- --email admin@exemple.fr [--password "mot de passe"]');

    const short = await runAdmin(['--email', ADMIN_EMAIL], { input: 'court\n' });
    expect(short).toMatchObject({ code: 1, stderr: 'Le mot de passe doit contenir au moins 8 caractères.\n' });

    expect(await signInStatus('avant-les-refus-8')).toBe(200);
  });
});
