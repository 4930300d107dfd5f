import { describe, expect, it } from 'vitest';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { nameChanges } from '../../../../publisher/runs/change-names';
import { namedChangesOf } from '../../../../publisher/pipeline/execute';

const before = {
  articles: [
    { id: 'a1', title: 'Babysvømming', slug: 'babysvomming' },
    { id: 'a2', title: 'Gammal nyheit', slug: 'gammal' },
  ],
  productions: [{ id: 'p1', title: 'Alt vi ikkje sa', object: 'movie', pageReference: 'alt-vi-ikkje-sa-qy4zf' }],
};
const after = {
  articles: [
    { id: 'a1', title: 'Babysvømming kvar laurdag', slug: 'babysvomming' },
    { id: 'a3', title: 'Turgruppa', slug: 'turgruppe' },
  ],
  productions: [
    { id: 'p1', title: 'Alt vi ikkje sa', object: 'movie', pageReference: 'alt-vi-ikkje-sa-qy4zf' },
    { id: 'p2', title: 'Kystlys', object: 'culture', pageReference: 'kystlys-abc' },
  ],
  events: [{ id: 'e1', startTime: '2026-07-01T19:30:00+02:00', production: { pageReference: 'alt-vi-ikkje-sa-qy4zf' } }],
};

describe('changes named for staff', () => {
  it('name each record by kind and title in nynorsk, with the path of its page; removed ones by their old title, without a link', () => {
    const changes = [
      { collection: 'articles', total: 2, added: ['a3'], changed: ['a1'], removed: ['a2'] },
      { collection: 'productions', total: 2, added: ['p2'], changed: [], removed: [] },
      { collection: 'events', total: 1, added: [], changed: ['e1'], removed: [] },
      { collection: 'block-data', total: 1, added: [], changed: ['404-content'], removed: [] },
    ];
    expect(nameChanges(changes, before, after)).toEqual({
      items: [
        { text: 'Ny artikkel: Turgruppa', path: '/article/turgruppe' },
        { text: 'Artikkel endra: Babysvømming kvar laurdag', path: '/article/babysvomming' },
        { text: 'Artikkel fjerna: Gammal nyheit' },
        { text: 'Nytt kulturarrangement: Kystlys', path: '/kystlys-abc' },
        { text: 'Framsyning endra: Alt vi ikkje sa, onsdag 1. juli kl. 19.30', path: '/alt-vi-ikkje-sa-qy4zf' },
        { text: 'Innhaldsblokk endra: 404-content' },
      ],
      more: 0,
    });
  });

  it('stop at the limit and count the rest; a record missing from the snapshot is named by its id', () => {
    const changes = [{ collection: 'articles', total: 5, added: [], changed: ['x1', 'x2', 'x3', 'x4'], removed: [] }];
    expect(nameChanges(changes, {}, {}, 2)).toEqual({ items: [{ text: 'Artikkel endra: x1' }, { text: 'Artikkel endra: x2' }], more: 2 });
  });
});

describe('box-office changes named for staff', () => {
  it('name a moved showing by its production’s title, when only the showings changed in the run', () => {
    const dir = (events: unknown[]) => {
      const folder = mkdtempSync(join(tmpdir(), 'kaia-names-'));
      writeFileSync(join(folder, 'events.json'), JSON.stringify(events));
      writeFileSync(
        join(folder, 'productions.json'),
        JSON.stringify([
          { id: 'prod-onkel', title: 'Onkel Olav og ferja', object: 'movie', pageReference: 'onkel-olav-og-ferja-68qmi', parentSlug: 'onkel-olav-og-ferja' },
        ]),
      );
      return folder;
    };
    const showing = { id: 'ev-1', production: { pageReference: 'onkel-olav-og-ferja-68qmi' } };
    const beforeDir = dir([{ ...showing, startTime: '2026-11-27T18:00:00+01:00' }]);
    const afterDir = dir([{ ...showing, startTime: '2026-11-27T18:45:00+01:00' }]);
    try {
      const named = namedChangesOf([{ collection: 'events', total: 1, added: [], changed: ['ev-1'], removed: [] }], beforeDir, afterDir);
      expect(named?.items).toEqual([{ text: 'Framsyning endra: Onkel Olav og ferja, fredag 27. november kl. 18.45', path: '/onkel-olav-og-ferja-68qmi' }]);
    } finally {
      rmSync(beforeDir, { recursive: true, force: true });
      rmSync(afterDir, { recursive: true, force: true });
    }
  });

  it('find the production of a showing linked by parentSlug only', () => {
    const snapshot = {
      productions: [{ id: 'p', title: 'Vinterkonsert', object: 'culture', pageReference: 'vinterkonsert-x1', parentSlug: 'vinterkonsert' }],
      events: [{ id: 'e', startTime: '2026-12-04T19:00:00+01:00', production: { parentSlug: 'vinterkonsert' } }],
    };
    expect(nameChanges([{ collection: 'events', total: 1, added: ['e'], changed: [], removed: [] }], snapshot, snapshot).items).toEqual([
      { text: 'Ny framsyning: Vinterkonsert, fredag 4. desember kl. 19.00', path: '/vinterkonsert-x1' },
    ]);
  });
});
