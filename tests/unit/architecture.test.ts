/**
 * The layering of the code, held by a test (in the spirit of Starlight's barrel-import test):
 * - `src/lib` is plain logic and never imports what renders or runs it (components, layouts,
 *   scripts, pages, integrations);
 * - its folders sit on floors, and an import never runs from a lower floor to a higher one;
 * - no two folders of `src/lib` import each other, and no file imports itself round a cycle;
 * - the publish service's rooms (`publisher/`'s folders and top files) sit on floors too, and
 *   nothing else sits at the top of `publisher/`;
 * - comments, the README, CONTRIBUTING.md and docs/ name only project paths that exist;
 * - the unit tests' folders mirror the source's, so a module's tests are found by its path.
 */
import { fileURLToPath } from 'node:url';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cyclesOf, importGraph, type ImportEdge } from '../support/import-graph';
import { missingCommentPaths, missingDocPaths, pathsIn, scriptComments } from '../support/comment-paths';
import { projectDocs } from '../support/doc-links';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Floors of `src/lib`, lowest first. A folder may import folders on its own floor or below
 * (one way only); a new folder must be given its floor here.
 */
const FLOORS: readonly (readonly string[])[] = [
  // Foundations: formatting, HTTP, reading the content snapshot, analytics events, film facts.
  ['format', 'http', 'content', 'analytics', 'films'],
  // The site as a whole and the services it talks to.
  ['config', 'site', 'newsletter', 'filmclub', 'box-office'],
  // What is on: showings, filters and their labels.
  ['programme'],
  // The page engine: routes, sources, placement, the view of a page.
  ['pages'],
  // What is derived from whole pages: feeds, structured data, sitemap, calendars, search, hosting, offline.
  ['seo', 'calendar', 'search', 'hosting', 'offline'],
];

/**
 * The server side, lowest first: the site's code (which the import validates with), fetching
 * and writing content, releases (from content to a live release), and the publish service.
 */
const SERVER_LAYERS = new Map([
  ['src', 0],
  ['import', 1],
  ['release', 2],
  ['publisher', 3],
]);

/**
 * The publish service's rooms, lowest first: its folders and the files at its top. A room
 * imports only rooms on lower floors, never one on its own floor, so no arrow runs back up:
 * views never import routes; runs, schedule and accounts never import routes or views; only
 * cli.ts imports server.ts. Nothing else may sit at the top of `publisher/`: a new room must be
 * given its floor here.
 */
const PUBLISHER_FLOORS: readonly (readonly string[])[] = [
  // Every setting, read once; it imports nothing of the service.
  ['config.ts'],
  // Staff accounts and sessions; the run log, the queue and what was live; the staff guide.
  ['accounts', 'guide', 'runs'],
  // What a run does, and what the queue's executor hands it.
  ['pipeline'],
  // The box-office check, the day build and how current the site is.
  ['schedule'],
  // The status model and its words in nynorsk.
  ['status'],
  // The pages, in Hono JSX, and the files they load.
  ['views'],
  // The main port's routes and what they share (guards, answers, the HTTP toolkit, the webhook's checks).
  ['routes'],
  // The preview's and the demo's sites, served from releases.
  ['sites'],
  // The app, the composition root, and the command that starts it.
  ['app.ts'],
  ['server.ts'],
  ['cli.ts'],
];

const publisherFloorOf = new Map(PUBLISHER_FLOORS.flatMap((rooms, floor) => rooms.map((room) => [room, floor] as const)));
const publisherRoom = (path: string): string | undefined => /^publisher\/([^/]+)/.exec(path)?.[1];

/** Imports between rooms of `publisher/` that do not run down a floor (to a room on a higher floor, the same one, or none). */
function publisherUpward(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter((edge) => {
    const from = publisherRoom(edge.from);
    const to = publisherRoom(edge.to);
    if (!from || !to || from === to) return false;
    const fromFloor = publisherFloorOf.get(from);
    const toFloor = publisherFloorOf.get(to);
    return fromFloor === undefined || toFloor === undefined || toFloor >= fromFloor;
  });
}

const floorOf = new Map(FLOORS.flatMap((folders, floor) => folders.map((folder) => [folder, floor] as const)));
const libFolder = (path: string): string | undefined => /^src\/lib\/([^/]+)\//.exec(path)?.[1];
const describeEdge = ({ from, to }: ImportEdge) => `${from} -> ${to}`;

const sourceEdges = importGraph(ROOT, ['src', 'import', 'release', 'publisher', 'sandbox', 'scripts']);

describe('architecture', () => {
  it('gives every folder of src/lib a floor', () => {
    const folders = readdirSync(new URL('../../src/lib', import.meta.url), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(folders.filter((folder) => !floorOf.has(folder))).toEqual([]);
  });

  it('keeps src/lib free of imports from what renders or runs it', () => {
    const upward = sourceEdges.filter((edge) => edge.from.startsWith('src/lib/') && /^src\/(components|layouts|scripts|pages|integrations)\//.test(edge.to));
    expect(upward.map(describeEdge)).toEqual([]);
  });

  it('never imports from a higher floor of src/lib', () => {
    const upward = sourceEdges.filter((edge) => {
      const from = libFolder(edge.from);
      const to = libFolder(edge.to);
      return from && to && from !== to && (floorOf.get(to) ?? 0) > (floorOf.get(from) ?? 0);
    });
    expect(upward.map(describeEdge)).toEqual([]);
  });

  it('has no two folders of src/lib importing each other', () => {
    const pairs = new Set<string>();
    for (const edge of sourceEdges) {
      const from = libFolder(edge.from);
      const to = libFolder(edge.to);
      if (from && to && from !== to) pairs.add(`${from} -> ${to}`);
    }
    const twoWay = [...pairs].filter((pair) => {
      const [from, to] = pair.split(' -> ');
      return from! < to! && pairs.has(`${to} -> ${from}`);
    });
    expect(twoWay).toEqual([]);
  });

  it('has no import cycles', () => {
    expect(cyclesOf(sourceEdges)).toEqual([]);
  });

  it("keeps the server side (import, release, publisher, sandbox) apart from the site's rendering", () => {
    const crossing = sourceEdges.filter(
      (edge) => /^(import|release|publisher|sandbox)\//.test(edge.from) && /^src\/(components|layouts|scripts|pages|integrations)\//.test(edge.to),
    );
    expect(crossing.map(describeEdge)).toEqual([]);
  });

  it('layers the server side: import below release below publisher, and the site never reaching up to them', () => {
    const upward = sourceEdges.filter((edge) => {
      const from = SERVER_LAYERS.get(edge.from.split('/')[0]!);
      const to = SERVER_LAYERS.get(edge.to.split('/')[0]!);
      return from !== undefined && to !== undefined && to > from;
    });
    expect(upward.map(describeEdge)).toEqual([]);
  });
});

describe('the publish service', () => {
  it('has nothing at the top of publisher/ but its rooms', () => {
    const top = readdirSync(join(ROOT, 'publisher'));
    expect(top.filter((name) => !publisherFloorOf.has(name))).toEqual([]);
    expect(top).toContain('server.ts');
  });

  it('never imports up a floor, or across one, between its rooms', () => {
    expect(sourceEdges.some((edge) => edge.from.startsWith('publisher/routes/') && edge.to.startsWith('publisher/views/'))).toBe(true);
    expect(publisherUpward(sourceEdges).map(describeEdge)).toEqual([]);
  });

  it('finds a planted import that runs back up, or across a floor', () => {
    const planted: ImportEdge[] = [
      { from: 'publisher/views/layout.tsx', to: 'publisher/routes/respond.ts' },
      { from: 'publisher/runs/run-log.ts', to: 'publisher/views/layout.tsx' },
      { from: 'publisher/accounts/accounts.ts', to: 'publisher/runs/run-log.ts' },
      { from: 'publisher/schedule/scheduler.ts', to: 'publisher/server.ts' },
      { from: 'publisher/routes/http.ts', to: 'publisher/stray.ts' },
      { from: 'publisher/server.ts', to: 'publisher/routes/http.ts' },
      { from: 'publisher/views/layout.tsx', to: 'publisher/views/assets.ts' },
    ];
    expect(publisherUpward(planted)).toEqual(planted.slice(0, 5));
  });
});

/** The checks over the whole project, which test no one folder. */
const PROJECT_TESTS = ['architecture.test.ts', 'docs-figures.test.ts', 'docs-links.test.ts', 'visitor-texts.test.ts'];

/** `tests/unit/<folder>` tests `<folder>` or, for the site's own folders (`lib/…`), `src/<folder>`. */
const hasSource = (folder: string) => existsSync(join(ROOT, 'src', folder)) || existsSync(join(ROOT, folder));

function unitTestFolders(dir = '', found: string[] = []): string[] {
  for (const entry of readdirSync(join(ROOT, 'tests/unit', dir), { withFileTypes: true })) {
    if (!entry.isDirectory() || (dir === '' && entry.name === 'fixtures')) continue;
    const folder = dir === '' ? entry.name : `${dir}/${entry.name}`;
    found.push(folder);
    unitTestFolders(folder, found);
  }
  return found;
}

describe('the unit tests', () => {
  it('sit in folders named after the source folders they test', () => {
    const folders = unitTestFolders();
    expect(folders).toContain('lib/filmclub');
    expect(folders).toContain('publisher');
    expect(folders.filter((folder) => !hasSource(folder))).toEqual([]);
  });

  it('keep only the whole-project checks at the top', () => {
    const top = readdirSync(join(ROOT, 'tests/unit'), { withFileTypes: true }).filter((entry) => entry.isFile());
    expect(top.map((entry) => entry.name).filter((name) => !PROJECT_TESTS.includes(name))).toEqual([]);
  });
});

describe('the README, CONTRIBUTING.md and docs/', () => {
  it('name only project paths that exist', () => {
    const docs = projectDocs(ROOT);
    expect(docs).toContain('docs/architecture.md');
    const missing = missingDocPaths(ROOT, docs, ['src', 'import', 'release', 'sandbox', 'scripts', 'publisher', 'tests']);
    expect(missing.map(({ file, path }) => `${file} names ${path}`)).toEqual([]);
    // Parsing every page and walking the source folders takes seconds on a busy machine.
  }, 30_000);

  it('are read for the paths in their inline code, not in their code blocks', () => {
    const root = mkdtempSync(join(tmpdir(), 'kaia-doc-paths-'));
    try {
      mkdirSync(join(root, 'src', 'lib'), { recursive: true });
      writeFileSync(join(root, 'src', 'lib', 'here.ts'), '');
      writeFileSync(join(root, 'README.md'), '`lib/here.ts`, `src/lib/gone.ts`, `release/gone.ts` and `gone.ts`.\n\n```sh\nsrc/lib/in-a-block.ts\n```\n');
      expect(missingDocPaths(root, ['README.md'], ['src']).map(({ path }) => path)).toEqual(['src/lib/gone.ts', 'release/gone.ts', 'gone.ts']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('comments', () => {
  it('name only project paths that exist', () => {
    const missing = missingCommentPaths(ROOT, ['src', 'import', 'sandbox', 'scripts', 'publisher', 'tests']);
    expect(missing.map(({ file, path }) => `${file} names ${path}`)).toEqual([]);
    // Scanning every source file takes seconds on a busy machine (seen over 5 s beside the docs check).
  }, 30_000);

  it('are read as comments, and the paths in them as paths', () => {
    const source = "// see src/lib/programme/filters.ts\nconst url = 'https://example.com//src/x.ts'; /* lib/pages/routes.ts and horizon.ts */";
    expect(scriptComments(source)).toEqual(['// see src/lib/programme/filters.ts', '/* lib/pages/routes.ts and horizon.ts */']);
    expect(pathsIn('(see src/lib/programme/filters.ts).')).toEqual({ rooted: ['src/lib/programme/filters.ts'], bare: [] });
    expect(pathsIn('lib/pages/routes.ts, `horizon.ts` and src/**/*.ts')).toEqual({ rooted: ['lib/pages/routes.ts'], bare: ['horizon.ts'] });
    expect(pathsIn('https://example.com/src/a.ts and @scope/lib/x')).toEqual({ rooted: [], bare: [] });
  });
});

describe('the import graph reader', () => {
  it('finds a cycle, and a back-import from src/lib', () => {
    const edges: ImportEdge[] = [
      { from: 'src/lib/a/x.ts', to: 'src/lib/b/y.ts' },
      { from: 'src/lib/b/y.ts', to: 'src/lib/a/x.ts' },
      { from: 'src/lib/b/y.ts', to: 'src/lib/c/z.ts' },
    ];
    expect(cyclesOf(edges)).toEqual([['src/lib/a/x.ts', 'src/lib/b/y.ts']]);
  });
  it('reads imports of .astro frontmatter and of TypeScript files', () => {
    expect(sourceEdges).toContainEqual({ from: 'src/pages/[...path].astro', to: 'src/lib/pages/page-view.ts' });
    expect(sourceEdges).toContainEqual({ from: 'src/lib/pages/page-view.ts', to: 'src/lib/site/page-meta.ts' });
  });
});
