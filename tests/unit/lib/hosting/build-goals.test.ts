import { describe, expect, it } from 'vitest';
import { BUILD_GOALS, buildGoalProblems, precacheHeadroomKiB } from '../../../../src/lib/hosting/build-goals';
import { PRECACHE_BUDGET } from '../../../../src/lib/offline/worker-rules';

describe('the build goals bench:import holds', () => {
  it('count the KiB left under the precache budget', () => {
    expect(precacheHeadroomKiB(PRECACHE_BUDGET - 4 * 1024)).toBe(4);
    expect(precacheHeadroomKiB(PRECACHE_BUDGET - 4 * 1024 + 1)).toBe(3);
    expect(precacheHeadroomKiB(PRECACHE_BUDGET + 1024)).toBe(-1);
  });

  it('pass a build within them and name each one broken', () => {
    expect(buildGoalProblems({ cdnUploadFiles: 4_665, precacheBytes: 1_800 * 1024 })).toEqual([]);
    expect(buildGoalProblems({ cdnUploadFiles: 14_665, precacheBytes: PRECACHE_BUDGET + 2048 })).toEqual([
      `14665 files in a CDN upload, over the goal of ${BUILD_GOALS.cdnUploadFiles}`,
      `-2 KiB left under the precache budget, under the floor of ${BUILD_GOALS.precacheHeadroomKiB} KiB`,
    ]);
    expect(buildGoalProblems({ cdnUploadFiles: 100, precacheBytes: 0 }, { cdnUploadFiles: 8_000, precacheHeadroomKiB: 2_049 })).toHaveLength(1);
  });
});
