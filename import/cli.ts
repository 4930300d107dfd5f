/**
 * `npm run import`: pulls the content from the platform into content/.
 * Settings come from the environment, or from .env (copy .env.example to start).
 * Exit code 0 when content/ is up to date, 1 when the import stopped (content/ untouched).
 */
import { ConfigError, readImportConfig, readPaths } from './config';
import { loadEnvFile } from './env-file';
import { runImport } from './run';
import { formatSummary } from './summary';

const started = Date.now();
loadEnvFile();
try {
  const config = readImportConfig();
  const { contentDir } = readPaths();
  const result = await runImport({ config, contentDir, progress: (line) => console.error(line) });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(`Import finished in ${seconds} s. ${result.written.length > 0 ? `Updated ${result.written.join(', ')}.` : 'Nothing changed.'}`);
  console.log(formatSummary(result.changes));
} catch (error) {
  const message = error instanceof Error ? error.message : String(error);
  console.error(`\nImport stopped: ${message}`);
  if (!(error instanceof ConfigError)) console.error('content/ was not changed.');
  process.exitCode = 1;
}
