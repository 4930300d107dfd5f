/**
 * `npm run reimport`: what content staff run after publishing in the CMS. Imports the content,
 * builds the site (with its search index) into a new release directory, and switches the live
 * site to it. If any step fails, the live site stays as it was and the message says which step.
 *
 * `npm run rollback` (rollback.ts) switches back to the previous release.
 */
import { spawn } from 'node:child_process';
import { resolve } from 'node:path';
import { ConfigError, readImportConfig } from './config';
import { loadEnvFile } from './env-file';
import { publishRelease, type ReleaseStep } from './releases';
import { runImport } from './run';
import { formatSummary } from './summary';

loadEnvFile();
const releasesDir = resolve(process.env.RELEASES_DIR || 'releases');
const contentDir = process.env.CONTENT_DIR || 'content';

function run(command: string, args: string[]): Promise<void> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { stdio: 'inherit', env: process.env });
    child.on('error', fail);
    child.on('exit', (code) => (code === 0 ? done() : fail(new Error(`${command} ${args.join(' ')} exited with code ${code}`))));
  });
}

const steps: ReleaseStep[] = [
  {
    name: 'import',
    run: async () => {
      const result = await runImport({ config: readImportConfig(), contentDir, progress: (line) => console.error(line) });
      console.log(formatSummary(result.changes));
    },
  },
  // The build runs the search indexing as part of it.
  { name: 'build', run: (releaseDir) => run(process.execPath, [resolve('node_modules/astro/astro.js'), 'build', '--outDir', releaseDir]) },
];

try {
  const release = await publishRelease(releasesDir, steps, { progress: (line) => console.error(line) });
  console.log(`The site now serves release ${release} (${releasesDir}/current).`);
} catch (error) {
  console.error(`\nReimport stopped: ${error instanceof Error ? error.message : String(error)}`);
  if (!(error instanceof ConfigError)) console.error('The live site was not changed.');
  process.exitCode = 1;
}
