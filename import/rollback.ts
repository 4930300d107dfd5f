/** `npm run rollback`: serve the previous release again (see releases.ts). */
import { resolve } from 'node:path';
import { loadEnvFile } from './env-file';
import { rollback } from './releases';

loadEnvFile();
const releasesDir = resolve(process.env.RELEASES_DIR || 'releases');
try {
  const release = rollback(releasesDir);
  console.log(`The site now serves release ${release} again (${releasesDir}/current).`);
} catch (error) {
  console.error(`Rollback stopped: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
