import { Secret, TOTP } from 'otpauth';
import { setAccountTwoFactor, upsertAdmin } from '#server/cli/admin.ts';
import { loadConfig } from '#server/config.ts';
import { openDatabase } from '#server/db/index.ts';
import { forgetLastTotpStep } from '#server/test/totp-steps.ts';

/** The benches' administrator's second factor, set with the command's own `--totp-secret`. */
const BENCH_TOTP_SECRET = 'KRUGS4ZAONSWG4TFOQQGM33SEBRGK3TD';

const code = () => new TOTP({ secret: Secret.fromBase32(BENCH_TOTP_SECRET), digits: 6, period: 30, algorithm: 'SHA1' }).generate();

const cookiesOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');

/** The administrator as `npm run admin` makes him: password, then his second factor. */
export async function provisionAdmin(account: { email: string; password: string }, env: Record<string, string | undefined>) {
  await upsertAdmin({ ...account, env });
  await setAccountTwoFactor({ email: account.email, action: { secret: BENCH_TOTP_SECRET }, env });
}

/**
 * Signs the administrator in as his browser would (password, then a code of his app); returns
 * the session's cookies. A code is accepted once and a bench may sign in many times a minute:
 * the last code's step is forgotten in the server's database (`env`) first, as the next code would.
 */
export async function adminCookie(
  url: string,
  account: { email: string; password: string },
  env: Record<string, string | undefined>,
  forwardedFor = '198.51.100.9',
): Promise<string> {
  const database = openDatabase(loadConfig(env).database);
  await forgetLastTotpStep(database.db, account.email).finally(() => database.close());
  const headers = { 'content-type': 'application/json', origin: url, 'x-forwarded-for': forwardedFor };
  const password = await fetch(`${url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ ...account, rememberMe: true }),
  });
  if (!password.ok) throw new Error(`admin sign-in failed: ${password.status} ${await password.text()}`);
  const pending = cookiesOf(password);
  const second = await fetch(`${url}/api/auth/two-factor/verify-totp`, {
    method: 'POST',
    headers: { ...headers, cookie: pending },
    body: JSON.stringify({ code: code() }),
  });
  if (!second.ok) throw new Error(`admin second factor refused: ${second.status} ${await second.text()}`);
  return cookiesOf(second);
}
