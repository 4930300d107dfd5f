/** «Gløymt passordet?» carries the e-mail just typed on the sign-in form over, once (WCAG 3.3.7). */
import { describe, expect, it } from 'vitest';
import { handOverEmail, takeHandedEmail, TYPED_EMAIL_KEY } from '../../../../src/lib/filmclub/typed-email';
import { MemoryStorage } from '../../../support/memory-storage';

describe('the e-mail handed from sign-in to the forgotten-password form', () => {
  it('is read back trimmed, once', () => {
    const store = new MemoryStorage();
    handOverEmail('  kari@example.no ', store);
    expect(takeHandedEmail(store)).toBe('kari@example.no');
    expect(takeHandedEmail(store)).toBe('');
    expect(store.values.has(TYPED_EMAIL_KEY)).toBe(false);
  });

  it('an empty field hands nothing over and clears an older address', () => {
    const store = new MemoryStorage();
    handOverEmail('kari@example.no', store);
    handOverEmail('  ', store);
    expect(takeHandedEmail(store)).toBe('');
  });

  it('works on without storage', () => {
    expect(() => handOverEmail('kari@example.no', null)).not.toThrow();
    expect(takeHandedEmail(null)).toBe('');
  });
});
