/**
 * Every environment variable the scripts read (npm start, the browser-test runner and its
 * Playwright config, the benchmarks), read and checked in one place. The build reads its own in
 * src/lib/config/build-env.ts, the import theirs in import/config.ts and the publish service in publisher/config.ts.
 *
 * - E2E_PREVIEW_PORT, E2E_NGINX_PORT, E2E_CDN_PORT, E2E_CDN_INSPECTOR_PORT, E2E_SANDBOX_PORT,
 *   E2E_FILMCLUB_118_PORT, E2E_FILMCLUB_178_PORT, E2E_VARIANT_PORT: ports of one browser-test
 *   run (a run with its own E2E_PREVIEW_PORT gets its own CDN and sandbox ports too, so two runs
 *   can share a machine);
 * - E2E_DIST: the build the browser tests serve (default dist);
 * - E2E_FILMCLUB_DATA_DIR: the film-club sandbox's data for the run (scripts/e2e.mjs makes one);
 * - CHROME_PATH: the Chromium the tests and benchmarks drive (default Debian's);
 * - JAVA: the Java runtime that runs the Nu HTML Checker in the tests (default java on the PATH);
 * - LOAD_SECONDS: how long npm run bench:load drives each URL (default 8);
 * - BENCH_PORT: the port npm run bench serves the build on (default 4391);
 * - BENCH_PAGES: the pages npm run bench measures, a comma-separated list of their names
 *   (front, article, kinoprogram, film, culture, search; default all six);
 * - BENCH_SKIP_BUILD: set to 1 to measure the build already in dist/ instead of building first;
 * - BENCH_PLAIN_HTTP: set to 1 to serve npm run bench over plain HTTP/1.1 instead of HTTPS with
 *   HTTP/2 (the default, as production serves the site);
 * - BENCH_THROTTLING: how npm run bench slows the page down: `simulate` (the default, Lighthouse's
 *   own: an unthrottled load, then a simulated phone) or `devtools` (the load itself is throttled
 *   in Chromium, so the figures are what the browser measured);
 * - PUBLISHER_STAFF_PASSWORD: the staff password npm start gives the publish service (default a
 *   fresh random one, printed at start);
 * - START_SITE_PORT, START_PUBLISHER_PORT, START_PREVIEW_PORT, START_SANDBOX_PORT,
 *   START_FILMCLUB_118_PORT, START_FILMCLUB_178_PORT: the loopback ports of npm start (4321,
 *   4450, 4451, 4400, 4410, 4411), so a second one, or a test of it, can run beside the first;
 * - START_DEMO_DIR: npm start's working folder (default .demo), emptied at each start.
 */

/** @typedef {Record<string, string | undefined>} Env */

/**
 * How the tests and the Lighthouse benchmark start Debian's Chromium: headless, with nothing
 * that reaches the network on its own (component updates, sync, QUIC probes).
 */
export const CHROMIUM_ARGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export class ScriptEnvError extends Error {}

/** @param {Env} env @param {string} name */
function text(env, name) {
  const value = env[name]?.trim();
  return value ? value : undefined;
}

/** @param {Env} env @param {string} name @param {number} fallback */
function port(env, name, fallback) {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1 || value > 65535) throw new ScriptEnvError(`${name} must be a port number (1–65535), not "${raw}"`);
  return value;
}

/** @param {Env} env @param {string} name @param {number} fallback */
function positive(env, name, fallback) {
  const raw = text(env, name);
  if (raw === undefined) return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value <= 0) throw new ScriptEnvError(`${name} must be a positive number, not "${raw}"`);
  return value;
}

/** Ports of one end-to-end run: the three site servers, the sandboxes and the partner variants' builds. */
export function e2ePorts(env = process.env) {
  const custom = text(env, 'E2E_PREVIEW_PORT') !== undefined;
  const preview = port(env, 'E2E_PREVIEW_PORT', 4322);
  const pick = (/** @type {string} */ name, /** @type {number} */ standard, /** @type {number} */ offset) =>
    port(env, name, custom ? preview + offset : standard);
  return {
    preview,
    nginx: port(env, 'E2E_NGINX_PORT', 4323),
    /** Cloudflare's runtime (wrangler pages dev, scripts/serve-cdn.mjs) and its devtools port. */
    cdn: pick('E2E_CDN_PORT', 4324, 50),
    cdnInspector: pick('E2E_CDN_INSPECTOR_PORT', 4325, 51),
    sandbox: pick('E2E_SANDBOX_PORT', 4400, 1000),
    filmclub118: pick('E2E_FILMCLUB_118_PORT', 4410, 1010),
    filmclub178: pick('E2E_FILMCLUB_178_PORT', 4411, 1011),
    /** Builds of the site with other partner settings (tests/e2e/filmclub-partners.spec.ts). */
    variant: pick('E2E_VARIANT_PORT', 4352, 30),
  };
}

/** The pages npm run bench can measure, by the name BENCH_PAGES uses. */
export const BENCH_PAGE_NAMES = ['front', 'article', 'kinoprogram', 'film', 'culture', 'search'];

/** @param {Env} env */
function benchPages(env) {
  const raw = text(env, 'BENCH_PAGES');
  if (raw === undefined) return BENCH_PAGE_NAMES;
  const names = raw
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  const unknown = names.filter((name) => !BENCH_PAGE_NAMES.includes(name));
  if (names.length === 0 || unknown.length > 0) throw new ScriptEnvError(`BENCH_PAGES must name pages among ${BENCH_PAGE_NAMES.join(', ')}, not "${raw}"`);
  return BENCH_PAGE_NAMES.filter((name) => names.includes(name));
}

/** The ways npm run bench can throttle, by the values BENCH_THROTTLING takes. */
export const BENCH_THROTTLING = ['simulate', 'devtools'];

/** @param {Env} env */
function benchThrottling(env) {
  const raw = text(env, 'BENCH_THROTTLING') ?? 'simulate';
  if (!BENCH_THROTTLING.includes(raw)) throw new ScriptEnvError(`BENCH_THROTTLING must be one of ${BENCH_THROTTLING.join(', ')}, not "${raw}"`);
  return raw;
}

/** @param {Env} env @param {string} name */
function flag(env, name) {
  const raw = text(env, name);
  if (raw === undefined || raw === '0') return false;
  if (raw === '1') return true;
  throw new ScriptEnvError(`${name} must be 1 or 0, not "${raw}"`);
}

/** All the scripts' settings, checked; a bad value throws ScriptEnvError naming the variable. */
export function scriptEnv(env = process.env) {
  return {
    e2e: {
      ports: e2ePorts(env),
      dist: text(env, 'E2E_DIST') ?? 'dist',
      filmclubDataDir: text(env, 'E2E_FILMCLUB_DATA_DIR') ?? '.sandbox-data/e2e',
    },
    chromePath: text(env, 'CHROME_PATH') ?? '/usr/bin/chromium',
    java: text(env, 'JAVA') ?? 'java',
    loadSeconds: positive(env, 'LOAD_SECONDS', 8),
    bench: {
      port: port(env, 'BENCH_PORT', 4391),
      pages: benchPages(env),
      skipBuild: flag(env, 'BENCH_SKIP_BUILD'),
      plainHttp: flag(env, 'BENCH_PLAIN_HTTP'),
      throttling: benchThrottling(env),
    },
    staffPassword: text(env, 'PUBLISHER_STAFF_PASSWORD'),
    start: {
      ports: {
        site: port(env, 'START_SITE_PORT', 4321),
        publisher: port(env, 'START_PUBLISHER_PORT', 4450),
        preview: port(env, 'START_PREVIEW_PORT', 4451),
        sandbox: port(env, 'START_SANDBOX_PORT', 4400),
        filmclub118: port(env, 'START_FILMCLUB_118_PORT', 4410),
        filmclub178: port(env, 'START_FILMCLUB_178_PORT', 4411),
      },
      demoDir: text(env, 'START_DEMO_DIR') ?? '.demo',
    },
  };
}
