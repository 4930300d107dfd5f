/**
 * Build files no page can load: the film-club islands (and the chunks only they import) when
 * the build shows no film club (partner 999, or a partner without its URL; see
 * src/lib/filmclub/settings.ts). Astro emits every island a template names, rendered or not, so
 * such a build would still ship the sign-in forms' and Mi side's code; the build removes them
 * (src/integrations/unused-islands.ts). A build with the film club uses them all, and nothing
 * goes.
 */
import { isOnlineOnlyIsland, moduleImports, namedBuildFiles } from './worker-rules';

/** `roots` and every module they import, statically or dynamically. */
function closure(roots: Iterable<string>, readModule: (file: string) => string | undefined): Set<string> {
  const found = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const file = queue.pop() as string;
    if (found.has(file)) continue;
    found.add(file);
    if (file.endsWith('.js')) queue.push(...moduleImports(readModule(file) ?? ''));
  }
  return found;
}

/**
 * The online-only islands (worker-rules.ts) of `files` (paths relative to the build, `_astro/…`)
 * that no page of `pageHtml` names, with the modules only they import: what can go.
 */
export function unusedIslandFiles(files: readonly string[], pageHtml: Iterable<string>, readModule: (file: string) => string | undefined): string[] {
  return unusedIslandsOf(files, [...pageHtml].flatMap(namedBuildFiles), readModule);
}

/** As `unusedIslandFiles`, from the files the pages name (`namedBuildFiles`), gathered page by page. */
export function unusedIslandsOf(files: readonly string[], named: Iterable<string>, readModule: (file: string) => string | undefined): string[] {
  const used = closure(named, readModule);
  const islands = files.filter((file) => isOnlineOnlyIsland(file) && !used.has(file));
  return [...closure(islands, readModule)].filter((file) => !used.has(file) && files.includes(file)).sort();
}
