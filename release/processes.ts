/**
 * What the releases' lock and the build need to know about processes on this machine (Linux's
 * /proc): whether a process id still names the same process (its start time since boot, and
 * the boot), and whether a process group still has a live member. Without /proc (another OS),
 * a process id alone is all there is.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';

const PROC = '/proc';

/** The boot's id, or undefined without /proc. */
export function bootId(): string | undefined {
  try {
    return readFileSync(`${PROC}/sys/kernel/random/boot_id`, 'utf8').trim();
  } catch {
    return undefined;
  }
}

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | undefined {
  try {
    const stat = readFileSync(`${PROC}/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  } catch {
    return undefined;
  }
}

/** When the process started (clock ticks since boot), or undefined when there is no such live process. */
export function processStart(pid: number): string | undefined {
  const fields = statFields(pid);
  // Field 3 of stat is the state (fields[0]); field 22 the start time.
  if (!fields || fields[0] === 'Z' || fields[0] === 'X') return undefined;
  return fields[19];
}

export const hasProc = () => existsSync(`${PROC}/self/stat`);

/** Whether `pid` is a live process (a zombie is not). */
export function isAlive(pid: number): boolean {
  if (hasProc()) return processStart(pid) !== undefined;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Whether process group `group` has a live member (zombies do not count). */
export function groupAlive(group: number): boolean {
  if (!hasProc()) {
    try {
      process.kill(-group, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === 'EPERM';
    }
  }
  for (const name of readdirSync(PROC)) {
    if (!/^\d+$/.test(name)) continue;
    const fields = statFields(Number(name));
    // fields[2] is field 5 of stat, the process group.
    if (fields && fields[0] !== 'Z' && fields[0] !== 'X' && fields[2] === String(group)) return true;
  }
  return false;
}

/** Sends `signal` to every process of the group; false when there is none. */
export function signalGroup(group: number, signal: NodeJS.Signals): boolean {
  try {
    process.kill(-group, signal);
    return true;
  } catch {
    return false;
  }
}
