/**
 * A staff account for the publish service's tests: written to an accounts file as
 * `npm run staff-user` would, with scrypt at the lowest cost the file accepts (2^10), so logins
 * in tests take a millisecond instead of a tenth of a second.
 */
import { hashPassword, readAccountsFile, withAccount, writeAccountsFile } from '../../publisher/accounts';

export const TEST_SCRYPT = { ln: 10, r: 8, p: 1 };

export async function addStaffAccount(file: string, username: string, name: string, password: string): Promise<void> {
  const { accounts } = readAccountsFile(file);
  writeAccountsFile(file, withAccount(accounts, { username, name, password: await hashPassword(password, TEST_SCRYPT) }));
}
