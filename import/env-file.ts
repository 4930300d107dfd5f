/** Loads .env into process.env when it exists; settings already in the environment win. */
import { existsSync } from 'node:fs';

export function loadEnvFile(path = '.env'): boolean {
  if (!existsSync(path)) return false;
  const before = { ...process.env };
  process.loadEnvFile(path);
  // process.loadEnvFile does not override, but be explicit: the shell's settings win.
  Object.assign(process.env, before);
  return true;
}
