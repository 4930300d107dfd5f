/**
 * `npm run reimport`: what content staff run after publishing in the CMS (the publish service,
 * `npm run publisher`, does the same on the CMS's webhook). Imports the content into a copy of
 * the live release's, builds the site (with its search index) into a new release directory,
 * and switches the live site to it; content/ then matches the live release. If any step fails,
 * the live site and content/ stay as they were and the message says which step.
 *
 * `npm run rollback` (rollback-cli.ts) switches back to the previous release.
 */
import { ConfigError, readImportConfig, readPaths } from '../import/config';
import { loadEnvFile } from '../import/env-file';
import { formatSummary } from '../import/summary';
import { assertSwitchable } from './go-live';
import { publishFromCms } from './publish';

loadEnvFile();
// The build runs in a process group of its own (build.ts), out of reach of the terminal's Ctrl-C:
// stopping this command ends it too.
const stopping = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    stopping.abort();
    console.error('\nReimport stopped; the live site was not changed.');
    process.exit(130);
  });
try {
  const { releasesDir, contentDir } = readPaths();
  assertSwitchable(releasesDir, 'npm run reimport');
  const result = await publishFromCms({
    signal: stopping.signal,
    config: readImportConfig(),
    releasesDir,
    contentDir,
    build: { astro: true },
    progress: (line) => console.error(line),
  });
  console.log(formatSummary(result.changes));
  if (result.state === 'unchanged') console.log(`Nothing changed; the site still serves release ${result.release}.`);
  else console.log(`The site now serves release ${result.release} (${releasesDir}/current).`);
} catch (error) {
  console.error(`\nReimport stopped: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof ConfigError)) console.error('The live site was not changed.');
  process.exitCode = 1;
}
