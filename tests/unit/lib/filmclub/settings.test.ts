/** Which partner the film club talks to, and how its data reads on screen. */
import { describe, expect, it } from 'vitest';
import { seatsText } from '../../../../src/lib/filmclub/format';
import { filmclubOrigins, filmclubSettings } from '../../../../src/lib/filmclub/settings';
import { contentSecurityPolicy } from '../../../../src/lib/hosting/policy';

const env = { PUBLIC_FILMCLUB_API_118: 'https://kino118.example/api/', PUBLIC_FILMCLUB_API_178: 'https://kino178.example/api/' };

describe('partner choice', () => {
  it('takes the first partner id of the site config', () => {
    expect(filmclubSettings([118, 178], env)).toEqual({ partner: 118, apiUrl: env.PUBLIC_FILMCLUB_API_118 });
    expect(filmclubSettings([178, 118], env)).toEqual({ partner: 178, apiUrl: env.PUBLIC_FILMCLUB_API_178 });
  });

  it('turns the film club off for any other partner, no partner, or a partner without its URL', () => {
    expect(filmclubSettings([999, 118], env)).toBeNull();
    expect(filmclubSettings([], env)).toBeNull();
    expect(filmclubSettings([178], { PUBLIC_FILMCLUB_API_118: env.PUBLIC_FILMCLUB_API_118 })).toBeNull();
  });
});

describe('seats', () => {
  it('reads seats by row in nynorsk', () => {
    const seats = (rows: { row: number; seats: number[] }[], info = '') => seatsText({ seatsInfo: { info, seats: rows } });
    expect(
      seats(
        [
          { row: 5, seats: [7, 8, 9] },
          { row: 6, seats: [3] },
        ],
        '4 plassar',
      ),
    ).toBe('4 plassar – Rad 5: plassane 7, 8 og 9. Rad 6: plass 3');
    expect(seats([], '')).toBe('Fri plassering');
  });
});

describe('the origins the policy allows for the film club', () => {
  const hostEnv = {
    ...env,
    PUBLIC_FILMCLUB_IMAGES_118: ['https://bilete.kino118.example'],
    PUBLIC_FILMCLUB_IMAGES_178: ['https://bilete.kino178.example', 'https://cdn.kino178.example'],
  };
  const policy = (partners: number[]) => {
    const origins = filmclubOrigins(partners, hostEnv);
    return contentSecurityPolicy({ scriptHashes: [], connectOrigins: origins.connect, formOrigins: [], frameOrigins: [], imageOrigins: origins.image });
  };

  it('are the API and picture hosts of the partner in use only', () => {
    expect(filmclubOrigins([118, 178], hostEnv)).toEqual({ connect: ['https://kino118.example'], image: ['https://bilete.kino118.example'] });
    expect(filmclubOrigins([178], hostEnv)).toEqual({
      connect: ['https://kino178.example'],
      image: ['https://bilete.kino178.example', 'https://cdn.kino178.example'],
    });
    expect(policy([178])).not.toContain('kino118.example');
  });

  it('are none when the film club is off: partner 999 allows neither partner in its policy', () => {
    expect(filmclubOrigins([999], hostEnv)).toEqual({ connect: [], image: [] });
    expect(filmclubOrigins([178], { PUBLIC_FILMCLUB_IMAGES_178: hostEnv.PUBLIC_FILMCLUB_IMAGES_178 })).toEqual({ connect: [], image: [] });
    const csp = policy([999]);
    expect(csp).not.toMatch(/kino118|kino178/);
    expect(csp).toContain("connect-src 'self';");
    expect(csp).toContain("img-src 'self' data:;");
  });
});
