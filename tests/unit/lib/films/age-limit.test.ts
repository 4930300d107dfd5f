import { describe, expect, it } from 'vitest';
import { ageLimitLabel, companionAge } from '../../../../src/lib/films/age-limit';

describe('age limits', () => {
  it('reads them out', () => {
    expect(ageLimitLabel('A')).toBe('Tillate for alle');
    expect(ageLimitLabel('15')).toBe('Aldersgrense 15 år');
  });

  it('lets a child in with an adult from one step below, never for 18', () => {
    expect(companionAge('15')).toBe(12);
    expect(companionAge('12')).toBe(9);
    expect(companionAge('9')).toBe(6);
    expect(companionAge('6')).toBe(0);
    expect(companionAge('18')).toBeNull();
    expect(companionAge('A')).toBeNull();
  });
});
