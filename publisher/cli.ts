/**
 * `npm run publisher`: the publish service (server.ts). Settings come from the environment or
 * .env (config.ts, readPublisherConfig); it listens on 127.0.0.1 only. Ctrl-C stops it
 * (a run going on is abandoned; its release is never switched to, and the next run cleans up).
 */
import { ConfigError } from '../import/config';
import { loadEnvFile } from '../import/env-file';
import { readPublisherConfig } from './config';
import { startPublisher } from './server';

loadEnvFile();
try {
  const config = readPublisherConfig();
  const publisher = await startPublisher(config);
  const stop = () => {
    console.log('publisher: stopping');
    process.once('SIGINT', () => process.exit(130));
    void publisher.close().then(() => process.exit(0));
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  if (config.maxSeconds > 0) setTimeout(stop, config.maxSeconds * 1000).unref();
} catch (error) {
  console.error(`publisher: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
