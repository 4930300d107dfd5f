/**
 * Staff for the publish service's tests: an account written to an accounts file as
 * `npm run staff-user` would, with scrypt at the lowest cost the file accepts (2^10), so logins
 * in tests take a millisecond instead of a tenth of a second; and the sign-in a browser does.
 */
import { hashPassword, readAccountsFile, withAccount, writeAccountsFile } from '../../publisher/accounts/accounts';

export const TEST_SCRYPT = { ln: 10, r: 8, p: 1 };

export async function addStaffAccount(file: string, username: string, name: string, password: string): Promise<void> {
  const { accounts } = readAccountsFile(file);
  writeAccountsFile(file, withAccount(accounts, { username, name, password: await hashPassword(password, TEST_SCRYPT) }));
}

/** Signs in on the publish service's staff page as a browser would; the session cookie and the status page's CSRF token. */
export async function staffLogin(serviceUrl: string, username: string, password: string): Promise<{ cookie: string; csrf: string }> {
  const response = await fetch(`${serviceUrl}/staff/login`, {
    method: 'POST',
    headers: { origin: serviceUrl, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password }),
    redirect: 'manual',
  });
  if (response.status !== 303) throw new Error(`staff login answered ${response.status}, not 303`);
  const cookie = response.headers.get('set-cookie')!.split(';')[0]!;
  const html = await (await fetch(`${serviceUrl}/staff/`, { headers: { cookie } })).text();
  return { cookie, csrf: /name="csrf" value="([^"]+)"/.exec(html)![1]! };
}
