/**
 * `npm run staff-user`: adds a staff account, sets a password, removes an account or lists them,
 * in the accounts file the publish service reads (PUBLISHER_ACCOUNTS_FILE, or accounts.json in
 * its state folder; publisher/accounts/accounts.ts). The password is asked for twice without echo at a
 * terminal, read from the first line of standard input otherwise, or taken from
 * STAFF_USER_PASSWORD (for scripts). The file gets only its scrypt hash.
 *
 *   npm run staff-user -- add anne "Anne Aas"
 *   npm run staff-user -- password anne
 *   npm run staff-user -- remove anne
 *   npm run staff-user -- list
 *
 * Setting a new password signs the person out everywhere (their sessions carry a stamp of the old hash).
 */
import { accountsFilePath } from '../config';
import { loadEnvFile } from '../../import/env-file';
import { hashPassword, passwordProblem, readAccountsFile, USERNAME_PATTERN, withAccount, writeAccountsFile, type StaffAccount } from './accounts';

const usage = `usage: npm run staff-user -- add USER "Display Name" | password USER | remove USER | list
  The password is asked for at the terminal (or read from standard input, or STAFF_USER_PASSWORD).`;

class UsageError extends Error {}

/** Reads one line from standard input; at a terminal without echoing what is typed. */
function readSecretLine(prompt: string): Promise<string> {
  const input = process.stdin;
  if (!input.isTTY) {
    return new Promise((done, fail) => {
      let text = '';
      input.setEncoding('utf8');
      const onData = (chunk: string) => {
        text += chunk;
        const end = text.indexOf('\n');
        if (end >= 0) finish(text.slice(0, end));
      };
      const finish = (line: string) => {
        input.off('data', onData);
        input.off('end', onEnd);
        input.pause();
        done(line.replace(/\r$/, ''));
      };
      const onEnd = () => (text ? finish(text) : fail(new UsageError('no password on standard input')));
      input.on('data', onData);
      input.once('end', onEnd);
    });
  }
  process.stderr.write(prompt);
  return new Promise((done, fail) => {
    let typed = '';
    input.setRawMode(true);
    input.setEncoding('utf8');
    input.resume();
    const onData = (chunk: string) => {
      for (const char of chunk) {
        if (char === '\r' || char === '\n') return stop(() => done(typed));
        if (char === '\u0003') return stop(() => fail(new UsageError('cancelled')));
        if (char === '\u007f' || char === '\b') typed = [...typed].slice(0, -1).join('');
        else if (char >= ' ') typed += char;
      }
    };
    const stop = (then: () => void) => {
      input.off('data', onData);
      input.setRawMode(false);
      input.pause();
      process.stderr.write('\n');
      then();
    };
    input.on('data', onData);
  });
}

async function newPassword(): Promise<string> {
  const fromEnv = process.env['STAFF_USER_PASSWORD'];
  const password = fromEnv ?? (await readSecretLine('New password: '));
  const problem = passwordProblem(password);
  if (problem) throw new UsageError(problem);
  if (fromEnv === undefined && process.stdin.isTTY && (await readSecretLine('The same again: ')) !== password)
    throw new UsageError('the two passwords were not the same');
  return password;
}

async function main(args: string[]): Promise<string> {
  loadEnvFile();
  const file = accountsFilePath();
  const [command, username, ...rest] = args;
  const current = readAccountsFile(file);
  if (current.problems.length > 0 && command !== 'list')
    // Never write over a file we could not read whole: someone's account would be lost.
    throw new Error(`${file}: ${current.problems.join('; ')}. Correct or move the file first; nothing was changed.`);
  const find = (name: string | undefined) => current.accounts.find((account) => account.username === name);
  switch (command) {
    case 'list':
      return [
        ...current.problems.map((problem) => `problem: ${problem}`),
        ...(current.accounts.length === 0 ? [`no accounts in ${file}`] : current.accounts.map((account) => `${account.username}\t${account.name}`)),
      ].join('\n');
    case 'add': {
      const name = rest.join(' ').trim();
      if (!username || !USERNAME_PATTERN.test(username)) throw new UsageError('the user name must be 2–32 lower-case letters, digits, ".", "_" or "-"');
      if (!name || name.length > 100) throw new UsageError('give the display name too, e.g. "Anne Aas" (at most 100 characters)');
      if (find(username)) throw new UsageError(`${username} exists already; set a new password with: npm run staff-user -- password ${username}`);
      const account: StaffAccount = { username, name, password: await hashPassword(await newPassword()) };
      writeAccountsFile(file, withAccount(current.accounts, account));
      return `added ${username} (${name}) to ${file}`;
    }
    case 'password': {
      const account = find(username);
      if (!account) throw new UsageError(`no account ${username ?? ''} in ${file}`);
      writeAccountsFile(file, withAccount(current.accounts, { ...account, password: await hashPassword(await newPassword()) }));
      return `new password for ${account.username}; their sessions end (the service reads the file again)`;
    }
    case 'remove': {
      if (!find(username)) throw new UsageError(`no account ${username ?? ''} in ${file}`);
      writeAccountsFile(
        file,
        current.accounts.filter((account) => account.username !== username),
      );
      return `removed ${username}; their sessions end`;
    }
    default:
      throw new UsageError(command ? `unknown command ${command}` : 'no command given');
  }
}

main(process.argv.slice(2)).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(`staff-user: ${error instanceof Error ? error.message : String(error)}`);
    if (error instanceof UsageError) console.error(usage);
    process.exit(error instanceof UsageError ? 2 : 1);
  },
);
