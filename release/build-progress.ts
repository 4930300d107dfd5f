/**
 * How far an Astro build is, read from its own output line by line: its phase (preparing,
 * bundling the server code, bundling the browser code, generating the pages, finishing with the
 * integrations' build-done hooks, named as they log) and, while it generates, the HTML pages
 * written so far (Astro logs each file as it writes it, `├─ /kinoprogram.html (+601ms)`). Astro
 * names no total before it starts (its closing `193 page(s) built in 75.03s` counts otherwise
 * than the files it logged), so the total is the count at the end, or the last build's.
 * Colours and timestamps are left out before a line is read.
 */

export type BuildPhase = 'prepare' | 'server' | 'client' | 'pages' | 'finish' | 'done';

export interface BuildProgress {
  readonly phase: BuildPhase;
  /** Pages written so far. */
  readonly pages: number;
  /** Pages of the whole build, once it is done. */
  readonly total?: number;
  /** While finishing: the integration at work (`kaia-hosting`). */
  readonly detail?: string;
}

export const BUILD_START: BuildProgress = { phase: 'prepare', pages: 0 };

// eslint-disable-next-line no-control-regex -- the escape sequences of a terminal's colours are what is removed
const ANSI = /\u001b\[[0-9;]*m/g;
const TIMESTAMP = /^\d{2}:\d{2}:\d{2} /;

/** A line of Astro's output as plain text: no colours, no leading time. */
export function plainLine(line: string): string {
  return line.replace(ANSI, '').trimEnd().replace(TIMESTAMP, '');
}

/** The progress after one more line of the build's output. */
export function readBuildLine(progress: BuildProgress, line: string): BuildProgress {
  const text = plainLine(line);
  if (/\[build\] \d+ page\(s\) built in /.test(text)) return { phase: 'done', pages: progress.pages, total: progress.pages };
  if (text.includes('[build] Building static entrypoints')) return { ...progress, phase: 'server' };
  if (/^\s*building client \(vite\)\s*$/.test(text)) return { ...progress, phase: 'client' };
  if (/^\s*(generating|prerendering) static routes\s*$/.test(text)) return { ...progress, phase: 'pages' };
  if (progress.phase === 'pages') {
    if (/^\s*[├└]─ \S+\.html /.test(`${text} `)) return { ...progress, pages: progress.pages + 1 };
    if (/^✓ Completed in /.test(text.trim())) return { ...progress, phase: 'finish' };
  }
  if (progress.phase === 'finish') {
    const integration = /^\[build\] Waiting for integration "([^"]+)"/.exec(text)?.[1] ?? /^\[([\w-]+)\] /.exec(text)?.[1];
    if (integration && integration !== 'build' && integration !== 'vite') return { ...progress, detail: integration };
  }
  return progress;
}

const PHASES: Record<BuildPhase, string> = {
  prepare: 'preparing',
  server: 'bundling the server code',
  client: 'bundling the browser code',
  pages: 'generating pages',
  finish: 'finishing the site',
  done: 'done',
};

/**
 * The progress in a few words, for a terminal: «generating pages: 87 of about 193» (the total the
 * last build had, when known), «generating pages: 87 so far», «bundling the browser code».
 */
export function describeBuild(progress: BuildProgress, lastTotal?: number): string {
  const phase = PHASES[progress.phase];
  if (progress.phase === 'done') return `${progress.pages} pages built`;
  if (progress.phase !== 'pages' && progress.phase !== 'finish') return phase;
  const total = progress.total ?? lastTotal;
  const count = total ? `${progress.pages} of ${progress.total ? '' : 'about '}${total}` : `${progress.pages} so far`;
  return progress.phase === 'pages' ? `${phase}: ${count}` : `${phase} (${progress.pages} pages${progress.detail ? `; ${progress.detail}` : ''})`;
}
