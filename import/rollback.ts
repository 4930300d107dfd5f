/** `npm run rollback`: serve the previous release again (see releases.ts); content/ follows it. */
import { readPaths } from './config';
import { loadEnvFile } from './env-file';
import { matchLiveContent } from './publish';
import { rollback } from './releases';

loadEnvFile();
try {
  const { releasesDir, contentDir } = readPaths();
  const release = rollback(releasesDir);
  matchLiveContent(releasesDir, contentDir);
  console.log(`The site now serves release ${release} again (${releasesDir}/current).`);
} catch (error) {
  console.error(`Rollback stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
