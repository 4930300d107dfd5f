/** Small text helpers shared by every layer that writes visible text. */

/** 'tysdag 24. november' → 'Tysdag 24. november': the first letter in upper case, the rest as it is. */
export function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
