/**
 * The guide «Slik publiserer du» (publisher/guide/slik-publiserer-du.md) quotes what staff see:
 * labels, buttons, run names, states, warnings and failure messages. Its words are the page's
 * words: every «…» quotation and every **bold** label in it is a text the service's pages show
 * (its views and the modules their words come from), or a phrase of the CMS, listed below with
 * where it is and why. And it names each failure staff can meet, so none is left unexplained.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Nodes } from 'mdast';
import { ImportDataError } from '../../../../import/validate';
import { DeployFailed } from '../../../../release/go-live';
import { StepFailed } from '../../../../release/releases';
import { freshnessWarnings } from '../../../../publisher/schedule/freshness';
import { GUIDE_FILE, parseGuide } from '../../../../publisher/guide/guide';
import { explain } from '../../../../publisher/pipeline/failures';
import { messages } from '../../../../publisher/status/messages';

const guide = readFileSync(GUIDE_FILE, 'utf8');

/** The modules whose words the staff pages show (views/ writes them; the rest hold them as plain text). */
const PAGE_SOURCES = [
  ...['publisher/views', 'publisher/status'].flatMap((dir) => readdirSync(dir).map((file) => join(dir, file))),
  'publisher/pipeline/failures.ts',
  'publisher/schedule/freshness.ts',
  'publisher/runs/run-log.ts',
  'publisher/runs/run-queue.ts',
  'publisher/routes/rollback-routes.ts',
  'publisher/routes/staff-routes.ts',
  'publisher/routes/staff-guards.ts',
];

/** Phrases staff see outside the service, each with the file that shows it and why it is in the guide. */
const ELSEWHERE: readonly { phrase: string; file: string; why: string }[] = [
  { phrase: 'Publiser', file: 'sandbox/editor.ts', why: "the CMS's publish button (the sandbox plays the CMS)" },
  { phrase: 'Lagre utkast', file: 'sandbox/editor.ts', why: "the CMS's button that saves a draft" },
];

/** A source's text without its comments, its white space folded (JSX wraps text across lines). */
function pageText(file: string): string {
  return readFileSync(file, 'utf8')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .replace(/^\s*\/\/.*$/gm, ' ')
    .replace(/\s+/g, ' ');
}
/**
 * Texts put together from parts, as the page shows them: the freshness warnings for a site built
 * yesterday, a source silent for two hours and one sending garbage.
 */
const NOW = Date.parse('2026-11-26T10:00:00Z');
const composed = freshnessWarnings(NOW, {
  liveBuiltAt: NOW - 86_400_000,
  sources: {
    management: { checkedAt: NOW, answeredAt: NOW - 7_200_000, failingSince: NOW - 7_000_000, error: 'timeout' },
    boxOffice: { checkedAt: NOW, failingSince: NOW - 7_200_000, error: 'garbage', invalid: true },
  },
}).map((warning) => warning.text);
const pages = [...PAGE_SOURCES.map((file) => ({ file, text: pageText(file) })), ...composed.map((text) => ({ file: 'freshness warning', text }))];

/** Whether a quotation is shown by one source: «… har ikkje svart sidan …» needs each part, in order. */
function shownIn(text: string, quotation: string): boolean {
  const parts = quotation
    .split('…')
    .map((part) => part.replace(/\s+/g, ' ').trim())
    .filter(Boolean);
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    if (at < 0) return false;
    from = at + part.length;
  }
  return parts.length > 0;
}

function textOf(node: Nodes): string {
  if ('value' in node) return node.value;
  return 'children' in node ? node.children.map((child) => textOf(child)).join('') : '';
}
function strongOf(node: Nodes): string[] {
  if (node.type === 'strong') return [textOf(node)];
  return 'children' in node ? node.children.flatMap((child) => strongOf(child)) : [];
}

const quotations = [...guide.matchAll(/«([^»]+)»/g)].map((match) => match[1]!);
const labels = strongOf(parseGuide(guide));

describe('the guide «Slik publiserer du»', () => {
  it('quotes and names in bold only what the pages (or the CMS) show', () => {
    expect(quotations.length).toBeGreaterThan(15);
    expect(labels.length).toBeGreaterThan(10);
    const drifted = [...new Set([...quotations, ...labels])].filter(
      (phrase) => !pages.some((page) => shownIn(page.text, phrase)) && !ELSEWHERE.some((other) => other.phrase === phrase),
    );
    expect(drifted).toEqual([]);
  });

  it('finds each phrase of the CMS where it says', () => {
    for (const { phrase, file } of ELSEWHERE) expect(shownIn(readFileSync(file, 'utf8'), phrase), `${phrase} in ${file}`).toBe(true);
  });

  it('names every failure staff can read, by its first words', () => {
    // What a failed run says (pipeline/failures.ts explain), for each kind of failure, and the messages in red after an action.
    const http = (detail: string) => new StepFailed('import', Object.assign(new Error(detail), { isAxiosError: true }));
    const deploy = new DeployFailed({ ok: false, exitCode: 1, timedOut: false, durationMs: 3000, release: '20261126T210436Z', output: [] } as never, 'deploy');
    const failures = [
      explain(new StepFailed('import', new ImportDataError('articles: record 3 has no title'))),
      explain(http('Fetching articles failed: timeout of 60000ms exceeded')),
      explain(http('Fetching articles failed: Network Error')),
      explain(http('Fetching articles failed: Malformed JSON')),
      explain(http('Fetching articles failed: Request failed with status code 401')),
      explain(http('Fetching articles failed: Request failed with status code 503')),
      explain(new StepFailed('build', new Error('the build exited with code 1'))),
      explain(new StepFailed('publish', deploy)),
      explain(new Error('Another run holds the lock')),
      explain(new Error('something else')),
    ].map((failure) => failure.reason);
    const afterActions = Object.values(messages)
      .filter((message) => message.error)
      .map((message) => message.text);
    // Each is quoted from its start to at least its first full stop, colon or bracket (where a number may follow).
    const heads = [...failures, ...afterActions].map((text) => text.split(/[.:(]/)[0]!.trim());
    const missing = [...new Set(heads)].filter((head) => !quotations.some((quotation) => quotation.startsWith(head)));
    expect(missing).toEqual([]);
  });
});
