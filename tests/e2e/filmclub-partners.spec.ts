/**
 * Partner choice end to end: the same site built with partner 178 first talks to partner 178
 * exactly as it does to 118; built with an unknown partner id it has no film club at all.
 * Each variant is a real build (from a copy of content/ with another partner list), served by
 * nginx with the build's own config.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { e2ePorts } from '../../scripts/script-env.mjs';
import { expect, test } from './fixtures';
import { demoMember, partnerRequests, partnerUrl, resetSandbox } from './filmclub-helpers';

const port = e2ePorts().variant;
const origin = `http://127.0.0.1:${port}`;
const FILM = '/naustet-q9y74';

function buildVariant(partners: number[]) {
  const work = mkdtempSync(join(tmpdir(), `kaia-partner-${partners[0]}-`));
  // nginx's workers run as another user; a temporary directory is private by default.
  chmodSync(work, 0o755);
  const content = join(work, 'content');
  cpSync('content', content, { recursive: true });
  const config = JSON.parse(readFileSync(join(content, 'config.json'), 'utf8')) as { partners: number[] };
  writeFileSync(join(content, 'config.json'), JSON.stringify({ ...config, partners }, null, 2));
  const build = spawnSync('npx', ['astro', 'build', '--silent', '--outDir', join(work, 'dist')], {
    env: {
      ...process.env,
      CONTENT_DIR: content,
      PUBLIC_FILMCLUB_API_118: `${partnerUrl(118)}/`,
      PUBLIC_FILMCLUB_API_178: `${partnerUrl(178)}/`,
    },
    encoding: 'utf8',
  });
  if (build.status !== 0 || !existsSync(join(work, 'dist', 'index.html')))
    throw new Error(`build for partners ${partners.join(',')} failed (${build.status}):\n${build.stdout}\n${build.stderr}`);
  return work;
}

async function serve(work: string): Promise<ChildProcess> {
  const server = spawn('node', ['scripts/serve-nginx.mjs', '--root', join(work, 'dist'), '--port', String(port), '--max-seconds', '600'], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  let lastProblem = '';
  server.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  for (let attempt = 0; attempt < 300; attempt += 1) {
    const up = await fetch(`${origin}/`).then(
      (response) => (response.ok ? 'up' : `status ${response.status}`),
      (error: Error & { cause?: { code?: string } }) => error.cause?.code ?? error.message,
    );
    if (up === 'up') return server;
    lastProblem = up;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  server.kill();
  throw new Error(`nginx did not start for the variant build (${lastProblem}):\n${stderr}`);
}

function stop(server: ChildProcess | undefined): Promise<void> {
  if (!server || server.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGTERM');
  });
}

// One variant at a time on one port; these builds take a while.
test.describe.configure({ mode: 'serial', timeout: 60_000 });

test.describe('partner 178 first', () => {
  let work: string;
  let server: ChildProcess;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    work = buildVariant([178, 118]);
    server = await serve(work);
  });
  test.afterAll(async () => {
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  });

  test('signs in, shows tickets and movie info from partner 178, and never calls 118', async ({ page }) => {
    // Other specs use partner 118 meanwhile, so what this browser asked for is watched here.
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await resetSandbox(178);
    await page.goto(`${origin}/filmklubb/logg-inn`);
    await page.getByLabel('E-postadresse').fill(demoMember.email);
    await page.getByLabel('Passord', { exact: true }).fill(demoMember.password);
    await page.getByRole('button', { name: 'Logg inn' }).click();
    await expect(page).toHaveURL(/\/filmklubb\/mi-side$/);
    await expect(page.locator('.fc-ticket').first()).toBeVisible();
    await expect(page.locator('.fc-watchlist li').first()).toBeVisible();
    await page.goto(`${origin}${FILM}`);
    const panel = page.locator('[data-movie-info]');
    await panel.scrollIntoViewIfNeeded();
    await expect(panel.getByText(/av 5/).first()).toBeVisible();
    const paths = (await partnerRequests(178)).map((request) => request.path.split('?')[0]);
    expect(paths).toEqual(expect.arrayContaining(['/login', '/switchTokensDx', '/watchlist', '/tickets', '/movieInfo', '/reviews']));
    expect(asked.filter((url) => url.startsWith(partnerUrl(118)))).toEqual([]);
  });
});

test.describe('an unknown partner id', () => {
  let work: string;
  let server: ChildProcess;
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    work = buildVariant([999]);
    server = await serve(work);
  });
  test.afterAll(async () => {
    await stop(server);
    rmSync(work, { recursive: true, force: true });
  });

  test('shows no film-club link, screen or island, and calls no partner', async ({ page }) => {
    const asked: string[] = [];
    page.on('request', (request) => asked.push(request.url()));
    await page.goto(`${origin}${FILM}`);
    await expect(page.locator('h1')).toHaveCount(1);
    await expect(page.locator('[data-filmclub-status]')).toHaveCount(0);
    await expect(page.locator('[data-movie-info], astro-island')).toHaveCount(0);
    await expect(page.getByText('Filmklubben')).toHaveCount(0);
    expect((await page.request.get(`${origin}/filmklubb/logg-inn`)).status()).toBe(404);
    expect((await page.request.get(`${origin}/filmklubb/mi-side`)).status()).toBe(404);
    await page.goto(`${origin}/`);
    expect(asked.filter((url) => url.startsWith(partnerUrl(118)) || url.startsWith(partnerUrl(178)))).toEqual([]);
    expect(asked.length).toBeGreaterThan(0);
  });
  test('allows neither partner in its policy and ships none of the film club’s code', () => {
    const headers = readFileSync(join(work, 'dist', '_headers'), 'utf8');
    const nginx = readFileSync(join(work, 'dist', '_hosting', 'nginx.conf'), 'utf8');
    for (const partner of [118, 178] as const) {
      const origin = new URL(partnerUrl(partner)).origin;
      expect(headers, origin).not.toContain(origin);
      expect(nginx, origin).not.toContain(origin);
    }
    const files = readdirSync(join(work, 'dist', '_astro'));
    expect(files.filter((file) => /^(FilmClubPanel|MyPage|SignInForm|SignUpForm|ForgotPasswordForm|use-filmclub)\./.test(file))).toEqual([]);
    // The search island stays.
    expect(files.some((file) => file.startsWith('SearchApp.'))).toBe(true);
  });
});
