/** `npm run rollback`: serve the previous release again (rollback.ts); content/ follows it. */
import { readPaths } from '../import/config';
import { loadEnvFile } from '../import/env-file';
import { assertSwitchable } from './go-live';
import { rollbackLive } from './rollback';

loadEnvFile();
try {
  const { releasesDir, contentDir } = readPaths();
  assertSwitchable(releasesDir, 'npm run rollback');
  const release = rollbackLive(releasesDir, contentDir);
  console.log(`The site now serves release ${release} again (${releasesDir}/current).`);
} catch (error) {
  console.error(`Rollback stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
