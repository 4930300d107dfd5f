/// <reference types="vitest/config" />
import { availableParallelism } from 'node:os';
import { getViteConfig } from 'astro/config';

export default getViteConfig({
  test: {
    include: ['tests/unit/**/*.test.ts'],
    environment: 'node',
    // Vitest's default is one worker fewer than the cores: a single worker on the 2-core CI
    // machine. Most unit tests wait on sockets, child processes and files rather than compute
    // (sandboxes, the publish service, fake builds), so one worker more than the cores keeps them
    // busy: 131 s → 91 s for the whole suite on 2 cores (docs/testing.md).
    maxWorkers: availableParallelism() + 1,
    // npm test runs the unit tests beside astro check and ESLint (docs/testing.md), and tests that
    // start the whole publish service took over Vitest's default 5 s on a loaded 2-core machine.
    // A test that hangs still fails, at 30 s.
    testTimeout: 30_000,
  },
});
