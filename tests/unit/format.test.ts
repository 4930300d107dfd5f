import { describe, expect, it } from 'vitest';
import { formatDecimal, formatPrice } from '../../src/lib/format/number';
import { capitalise } from '../../src/lib/format/text';

describe('formatDecimal', () => {
  it('writes a decimal comma, whatever the runtime knows of nn-NO', () => {
    expect(formatDecimal(4.3)).toBe('4,3');
    expect(formatDecimal(4.25)).toBe('4,3');
    expect(formatDecimal(4)).toBe('4');
    expect(formatDecimal(3.14159, 2)).toBe('3,14');
  });
  it('groups thousands with a narrow no-break space from five digits, and marks negatives with a minus sign', () => {
    expect(formatDecimal(1250)).toBe('1250');
    expect(formatDecimal(12500)).toBe('12\u202f500');
    expect(formatDecimal(-2.5)).toBe('−2,5');
    expect(formatDecimal(Number.NaN)).toBe('');
  });
});

describe('formatPrice', () => {
  it('writes whole kroner with a no-break space before kr, and 0 as Gratis', () => {
    expect(formatPrice(120)).toBe('120\u00a0kr');
    expect(formatPrice(12500)).toBe('12\u202f500\u00a0kr');
    expect(formatPrice(0)).toBe('Gratis');
    expect(formatPrice(-1)).toBe('');
  });
});

describe('capitalise', () => {
  it('upper-cases the first letter only', () => {
    expect(capitalise('tysdag 24. november')).toBe('Tysdag 24. november');
    expect(capitalise('')).toBe('');
  });
});
