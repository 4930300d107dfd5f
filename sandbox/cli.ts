/**
 * `npm run sandbox`: runs the platform sandbox in the foreground for manual testing and for
 * running the import by hand against it.
 *
 *   SANDBOX_PORT (4400)  SANDBOX_DATA_DIR (content)  SANDBOX_TOKEN_TTL (300 seconds)
 *   PLATFORM_API_USER, PLATFORM_API_PASSWORD, IDP_CLIENT_ID, IDP_CLIENT_SECRET (the defaults)
 *   SANDBOX_CORS_ORIGINS: comma-separated site origins allowed to call the newsletter API,
 *   besides the defaults (localhost and 127.0.0.1 on ports 4321-4323)
 *   SANDBOX_ROLL_DATES=1: serve the events moved to the weeks starting today (the demo)
 *   SANDBOX_WEBHOOK_URL, SANDBOX_WEBHOOK_SECRET: where POST /__sandbox/edit sends the signed
 *   publish webhook (the publish service's /hooks/cms and its PUBLISHER_HOOK_SECRET)
 *   SANDBOX_STAFF_URL, SANDBOX_SITE_URL: the status page and the public site the CMS editor
 *   pages (/__sandbox/) link to
 *   SANDBOX_SYNC_MINUTES: how often the site fetches box-office changes (npm start passes the
 *   publish service's PUBLISHER_SYNC_MINUTES), so the box-office page can say when a change goes out
 *   SANDBOX_DRAFTS=demo: start with the demo's one saved draft (cms.ts); default none, a clean CMS
 *   --fail=API:KIND[:ARG], repeatable: --fail=management:status:500, --fail=platform:slow:3000,
 *   --fail=runtime:drop, --fail=all:malformed-json
 */
import { resolve } from 'node:path';
import { parseFaultSpec } from './faults';
import { defaultSiteOrigins } from './newsletter';
import { defaultBasic, defaultClient, startSandbox, type SandboxOptions } from './server';

const usage =
  'usage: tsx sandbox/cli.ts [--fail=API:KIND[:ARG]]...\n' +
  '  API: idp, management, runtime, platform, newsletter, all\n' +
  '  KIND: status:CODE (500), slow:MS (1000), malformed-json, bad-record, drop';

function numberFromEnv(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name}=${raw} is not a valid number`);
  return value;
}

function optionsFromEnv(): SandboxOptions {
  const env = process.env;
  const webhookUrl = env['SANDBOX_WEBHOOK_URL']?.trim();
  const webhookSecret = env['SANDBOX_WEBHOOK_SECRET']?.trim();
  if (webhookUrl && !/^https?:\/\/\S+$/.test(webhookUrl)) throw new Error('SANDBOX_WEBHOOK_URL must be an http(s) URL');
  if (webhookUrl && !webhookSecret) throw new Error('SANDBOX_WEBHOOK_URL needs SANDBOX_WEBHOOK_SECRET too');
  const roll = env['SANDBOX_ROLL_DATES']?.trim();
  if (roll && roll !== '0' && roll !== '1') throw new Error('SANDBOX_ROLL_DATES must be 1 (roll to today) or 0');
  const links = { staffUrl: env['SANDBOX_STAFF_URL']?.trim() || undefined, siteUrl: env['SANDBOX_SITE_URL']?.trim() || undefined };
  for (const [name, value] of [
    ['SANDBOX_STAFF_URL', links.staffUrl],
    ['SANDBOX_SITE_URL', links.siteUrl],
  ] as const)
    if (value && !/^https?:\/\/\S+$/.test(value)) throw new Error(`${name} must be an http(s) URL`);
  const drafts = env['SANDBOX_DRAFTS']?.trim() || 'none';
  if (drafts !== 'none' && drafts !== 'demo') throw new Error('SANDBOX_DRAFTS must be none or demo');
  const boxOfficeMinutes = env['SANDBOX_SYNC_MINUTES']?.trim() ? numberFromEnv('SANDBOX_SYNC_MINUTES', 0) : undefined;
  return {
    editorLinks: links,
    ...(drafts === 'none' ? { drafts: new Map() } : {}),
    ...(boxOfficeMinutes ? { boxOfficeMinutes } : {}),
    ...(roll === '1' ? { rollDatesTo: new Date() } : {}),
    ...(webhookUrl && webhookSecret ? { webhook: { url: webhookUrl, secret: webhookSecret } } : {}),
    port: numberFromEnv('SANDBOX_PORT', 4400),
    dataDir: resolve(env['SANDBOX_DATA_DIR'] || 'content'),
    basic: {
      username: env['PLATFORM_API_USER'] || defaultBasic.username,
      password: env['PLATFORM_API_PASSWORD'] || defaultBasic.password,
    },
    client: {
      id: env['IDP_CLIENT_ID'] || defaultClient.id,
      secret: env['IDP_CLIENT_SECRET'] || defaultClient.secret,
    },
    tokenTtlSeconds: numberFromEnv('SANDBOX_TOKEN_TTL', 300),
    corsOrigins: [
      ...defaultSiteOrigins,
      ...(env['SANDBOX_CORS_ORIGINS'] ?? '')
        .split(',')
        .map((origin) => origin.trim())
        .filter(Boolean),
    ],
  };
}

async function main(args: string[]): Promise<void> {
  const faults = args.map((arg) => {
    if (arg === '--help' || arg === '-h') {
      console.log(usage);
      process.exit(0);
    }
    if (!arg.startsWith('--fail=')) throw new Error(`unknown argument ${arg}`);
    return parseFaultSpec(arg.slice('--fail='.length));
  });
  const options = optionsFromEnv();
  const sandbox = await startSandbox(options);
  for (const { api, fault } of faults) sandbox.setFault(api, fault);

  const { url } = sandbox;
  console.log(`sandbox: the CMS editor ${url}/__sandbox/ and the box office ${url}/__sandbox/billettkontor`);
  // Names only: the secrets may be real ones taken from the environment.
  console.log(
    `sandbox: APIs for programs (not pages): ${url}/idp/token, /management/, /runtime/, /platform/, /newsletter/subscribe; basic user ${options.basic?.username}, idp client ${options.client?.id}, data ${options.dataDir}`,
  );
  if (options.webhook) console.log(`sandbox: CMS webhook to ${options.webhook.url} after each publish or saved draft`);
  if (options.rollDatesTo) console.log('sandbox: events moved to the weeks starting today');
  for (const { api, fault } of faults) console.log(`sandbox: fault on ${api}: ${JSON.stringify(fault)}`);

  const stop = () => {
    console.log('sandbox: stopping');
    // A second signal while closing ends the process at once.
    process.once('SIGINT', () => process.exit(130));
    void sandbox.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(`sandbox: ${(error as Error).message}\n${usage}`);
  process.exit(2);
});
