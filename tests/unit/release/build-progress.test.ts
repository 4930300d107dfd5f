/**
 * The build's progress read from Astro's own output: a real build's output, captured with its
 * colours and timestamps (tests/unit/fixtures/astro-build-output.txt, `astro build` of the
 * committed content), read line by line as the publish service reads it.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BUILD_START, describeBuild, plainLine, readBuildLine, type BuildProgress } from '../../../release/build-progress';
import { followBuild } from '../../../publisher/pipeline/execute';
import type { RunRecord } from '../../../publisher/runs/run-record';

const lines = readFileSync('tests/unit/fixtures/astro-build-output.txt', 'utf8').split('\n');

/** Every progress the lines pass through, in order, each once. */
function phasesOf(output: readonly string[]): BuildProgress[] {
  const seen: BuildProgress[] = [];
  let progress = BUILD_START;
  for (const line of output) {
    const next = readBuildLine(progress, line);
    if (next.phase !== progress.phase) seen.push(next);
    progress = next;
  }
  return [...seen, progress];
}

describe('the build progress from Astro output', () => {
  it('reads a line without its colours and time', () => {
    expect(plainLine('\u001b[2m04:17:00\u001b[22m   \u001b[34m├─\u001b[39m \u001b[2m/kinoprogram.html\u001b[22m \u001b[31m(+601ms)\u001b[39m ')).toBe(
      '  ├─ /kinoprogram.html (+601ms)',
    );
  });

  it('follows a real build through its phases and counts the pages it writes', () => {
    const phases = phasesOf(lines);
    expect(phases.map((progress) => progress.phase)).toEqual(['server', 'client', 'pages', 'finish', 'done', 'done']);
    // Pages are counted while generated: none before, all 215 HTML files once the phase ends
    // (the feeds, calendars, sitemap and robots.txt it also logs are not pages).
    expect(phases[2]!.pages).toBe(0);
    expect(phases[3]!.pages).toBe(215);
    expect(phases.at(-1)).toMatchObject({ phase: 'done', pages: 215, total: 215 });
  });

  it('says where the build is, in a few words, while it goes', () => {
    let progress = BUILD_START;
    const said = new Set<string>();
    const start = lines.findIndex((line) => line.includes('generating static routes'));
    for (const [index, line] of lines.entries()) {
      progress = readBuildLine(progress, line);
      if (index === start + 40) said.add(`at 40: ${describeBuild(progress)} / ${describeBuild(progress, 215)}`);
      said.add(describeBuild(progress).replace(/\d+ so far/, 'N so far'));
    }
    expect([...said]).toEqual([
      'preparing',
      'bundling the server code',
      'bundling the browser code',
      'generating pages: N so far',
      // 40 lines into generating: the route lines («▶ src/pages/…») are not pages.
      'at 40: generating pages: 38 so far / generating pages: 38 of about 215',
      'finishing the site (215 pages)',
      'finishing the site (215 pages; kaia-media-variants)',
      'finishing the site (215 pages; kaia-redirect-pages)',
      'finishing the site (215 pages; kaia-search-index)',
      'finishing the site (215 pages; kaia-unused-islands)',
      'finishing the site (215 pages; kaia-inline-stylesheet)',
      'finishing the site (215 pages; kaia-offline)',
      'finishing the site (215 pages; kaia-hosting)',
      '215 pages built',
    ]);
  });
});

describe('a run following its build', () => {
  it('keeps the progress in the run’s step, the page count when done, and logs each phase once', () => {
    const run: RunRecord = { id: 4, kind: 'live', trigger: 'start', state: 'running', requests: 1, queuedAt: '2026-11-26T10:00:00.000Z' };
    const logged: string[] = [];
    expect(followBuild(run, '  build: anything', (line) => logged.push(line))).toBe(false);
    run.step = { name: 'build', startedAt: '2026-11-26T10:00:05.000Z', build: BUILD_START };
    const start = lines.findIndex((line) => line.includes('generating static routes'));
    for (const line of lines.slice(0, start + 41)) expect(followBuild(run, `  build: ${line}`, (text) => logged.push(text))).toBe(true);
    expect(run.step.build).toMatchObject({ phase: 'pages', pages: 38 });
    for (const line of lines.slice(start + 41)) followBuild(run, `  build: ${line}`, (text) => logged.push(text));
    expect(run.pages).toBe(215);
    expect(logged).toEqual([
      'run 4:   build: bundling the server code',
      'run 4:   build: bundling the browser code',
      'run 4:   build: generating pages: 0 so far',
      'run 4:   build: finishing the site (215 pages)',
      'run 4:   build: 215 pages built',
    ]);
  });
});
