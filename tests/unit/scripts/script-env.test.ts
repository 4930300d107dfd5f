import { describe, expect, it } from 'vitest';
import { BENCH_PAGE_NAMES, ScriptEnvError, e2ePorts, scriptEnv } from '../../../scripts/script-env.mjs';

describe('the scripts’ settings', () => {
  it('default to the standard ports, dist/ and Debian’s Chromium', () => {
    const settings = scriptEnv({});
    expect(settings.e2e.ports).toEqual({
      preview: 4322,
      nginx: 4323,
      cdn: 4324,
      cdnInspector: 4325,
      sandbox: 4400,
      filmclub118: 4410,
      filmclub178: 4411,
      variant: 4352,
    });
    expect(settings.e2e.dist).toBe('dist');
    expect(settings.chromePath).toBe('/usr/bin/chromium');
    expect(settings.java).toBe('java');
    expect(settings.loadSeconds).toBe(8);
    expect(settings.staffPassword).toBeUndefined();
    expect(settings.bench).toEqual({ port: 4391, pages: BENCH_PAGE_NAMES, skipBuild: false, plainHttp: false, throttling: 'simulate' });
  });

  it('move every CDN and sandbox port with a run’s own preview port, so two runs can share a machine', () => {
    expect(e2ePorts({ E2E_PREVIEW_PORT: '5000', E2E_NGINX_PORT: '5001' })).toEqual({
      preview: 5000,
      nginx: 5001,
      cdn: 5050,
      cdnInspector: 5051,
      sandbox: 6000,
      filmclub118: 6010,
      filmclub178: 6011,
      variant: 5030,
    });
    expect(e2ePorts({ E2E_PREVIEW_PORT: '5000', E2E_SANDBOX_PORT: '7000' }).sandbox).toBe(7000);
  });

  it('treat blank values as unset and refuse values that are not what they name', () => {
    expect(scriptEnv({ E2E_DIST: '  ', PUBLISHER_STAFF_PASSWORD: '' })).toMatchObject({ e2e: { dist: 'dist' }, staffPassword: undefined });
    expect(() => scriptEnv({ E2E_NGINX_PORT: '80a' })).toThrow(ScriptEnvError);
    expect(() => scriptEnv({ E2E_PREVIEW_PORT: '70000' })).toThrow(/E2E_PREVIEW_PORT/);
    expect(() => scriptEnv({ LOAD_SECONDS: '0' })).toThrow(/LOAD_SECONDS must be a positive number/);
  });

  it('let npm run bench measure some pages, on its own port, of the build already made', () => {
    expect(
      scriptEnv({ BENCH_PORT: '5210', BENCH_PAGES: ' film,front ', BENCH_SKIP_BUILD: '1', BENCH_PLAIN_HTTP: '1', BENCH_THROTTLING: 'devtools' }).bench,
    ).toEqual({
      port: 5210,
      // In the benchmark's own order, whatever order they were named in.
      pages: ['front', 'film'],
      skipBuild: true,
      plainHttp: true,
      throttling: 'devtools',
    });
    expect(scriptEnv({ BENCH_SKIP_BUILD: '0' }).bench.skipBuild).toBe(false);
    expect(() => scriptEnv({ BENCH_SKIP_BUILD: 'yes' })).toThrow(/BENCH_SKIP_BUILD must be 1 or 0/);
    expect(() => scriptEnv({ BENCH_PAGES: 'front,frontpage' })).toThrow(/BENCH_PAGES must name pages among front, article/);
    expect(() => scriptEnv({ BENCH_PAGES: ',' })).toThrow(ScriptEnvError);
    expect(() => scriptEnv({ BENCH_PORT: '0' })).toThrow(/BENCH_PORT/);
    expect(() => scriptEnv({ BENCH_THROTTLING: 'applied' })).toThrow(/BENCH_THROTTLING must be one of simulate, devtools/);
  });
});
