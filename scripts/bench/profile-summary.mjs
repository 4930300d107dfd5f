/**
 * Where a V8 CPU profile's time goes, as shares that hold on a busy machine:
 * `node scripts/bench/profile-summary.mjs <file.cpuprofile> [top]`.
 * Prints self time by module (an npm package, or a file of the project), self time by function,
 * and inclusive time by project file (a sample counts once for each project file on its stack,
 * so src/integrations/offline.ts holds the synchronous work its hooks do, in whatever package;
 * asynchronous continuations lose their callers, so read it with the timeline), and a timeline:
 * per second of the run, the modules that took most of it (the build's phases in order).
 */
import { readFileSync } from 'node:fs';

const [file, topArg] = process.argv.slice(2);
if (!file) {
  console.error('usage: node scripts/bench/profile-summary.mjs <file.cpuprofile> [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));

/** 'astro', '@astrojs/react', 'src/lib/calendar/ics.ts', '(idle)' or 'node:fs'. */
function moduleOf(url, functionName) {
  if (!url) return `(${functionName || 'native'})`;
  const packaged = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packaged) return packaged[1];
  const project = /\/((?:src|scripts|import|publisher|sandbox)\/.*?)(?:\?.*)?$/.exec(url);
  if (project) return project[1];
  // Astro's server build of the project's pages and components.
  const chunk = /\/\.astro\/(?:chunks\/)?(.*?)(?:_[\w-]{8})?\.mjs$/.exec(url);
  if (chunk) return `.astro/${chunk[1]}`;
  return url.startsWith('node:') ? url : url.replace(/^file:\/\//, '');
}

const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parent = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parent.set(child, node.id);

// Time of each sample: the delta to the next one.
const selfMs = new Map();
profile.samples.forEach((id, index) => {
  const delta = (profile.timeDeltas[index + 1] ?? 0) / 1000;
  selfMs.set(id, (selfMs.get(id) ?? 0) + delta);
});
const total = [...selfMs.values()].reduce((sum, ms) => sum + ms, 0);

const timeline = new Map();
let clock = profile.startTime;
profile.samples.forEach((id, index) => {
  clock += profile.timeDeltas[index] ?? 0;
  const second = Math.floor((clock - profile.startTime) / 1e6);
  const node = nodes.get(id);
  const module = moduleOf(node.callFrame.url, node.callFrame.functionName);
  const bucket = timeline.get(second) ?? new Map();
  bucket.set(module, (bucket.get(module) ?? 0) + (profile.timeDeltas[index + 1] ?? 0) / 1000);
  timeline.set(second, bucket);
});

const byModule = new Map();
const byFunction = new Map();
const inclusive = new Map();
for (const [id, ms] of selfMs) {
  const node = nodes.get(id);
  const { url, functionName, lineNumber } = node.callFrame;
  const module = moduleOf(url, functionName);
  byModule.set(module, (byModule.get(module) ?? 0) + ms);
  const fn = `${functionName || '(anonymous)'} ${module}:${lineNumber + 1}`;
  byFunction.set(fn, (byFunction.get(fn) ?? 0) + ms);
  const seen = new Set();
  for (let at = id; at !== undefined; at = parent.get(at)) {
    const frame = nodes.get(at).callFrame;
    const owner = moduleOf(frame.url, frame.functionName);
    if (!/^(src|scripts|import)\//.test(owner) || seen.has(owner)) continue;
    seen.add(owner);
    inclusive.set(owner, (inclusive.get(owner) ?? 0) + ms);
  }
}

function print(title, map) {
  console.log(`\n${title}`);
  for (const [name, ms] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) {
    console.log(`${((100 * ms) / total).toFixed(1).padStart(5)} %  ${(ms / 1000).toFixed(2).padStart(7)} s  ${name}`);
  }
}
console.log(`${file}: ${(total / 1000).toFixed(1)} s sampled`);
print('Self time by module', byModule);
print('Self time by function', byFunction);
print('Inclusive time by project file', inclusive);

console.log('\nTimeline (second: the three modules that took most of it, ms)');
for (const [second, bucket] of [...timeline].sort((a, b) => a[0] - b[0])) {
  const busiest = [...bucket].sort((a, b) => b[1] - a[1]).slice(0, 3);
  console.log(`${String(second).padStart(4)} s  ${busiest.map(([name, ms]) => `${name} ${Math.round(ms)}`).join(', ')}`);
}
