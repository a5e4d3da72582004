// Numbers as people in Brazil read them (spec 000 §5 "Generic fields": dot thousands, comma decimals), written by hand
// rather than with Intl: a browser's first Intl formatter loads the locale data, 20-50 ms of main thread on a
// desktop and four times that on a slow phone, in the middle of a debtor page's first render (docs/performance.md,
// "Web: no Intl on the debtor pages"). numbers.test.ts and money.test.ts check every format against Intl's.

/** '1234567' -> '1.234.567'. */
export function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, '.');
}

/**
 * 23.5 -> '23,5', 1234.567 -> '1.234,57', 10 -> '10': at most `fractionDigits` decimals, no trailing zeros, as
 * `Intl.NumberFormat('pt-BR', { maximumFractionDigits })` writes it. For magnitudes under 10^21.
 */
export function formatDecimal(value: number, fractionDigits = 2): string {
  if (!Number.isFinite(value) || Math.abs(value) >= 1e21)
    throw new RangeError(`Not a finite number: ${value}`);
  // Intl rounds the number's shortest decimal form (String(1.005) is '1.005', so 1,01), a tie away from zero. Under
  // 10^-6 that form is exponential, and rounds to 0 at any precision kept here.
  const shortest = String(Math.abs(value));
  const [whole = '0', fraction = ''] = shortest.includes('e') ? ['0'] : shortest.split('.');
  let scaled = BigInt(whole + fraction.padEnd(fractionDigits, '0').slice(0, fractionDigits));
  if ((fraction[fractionDigits] ?? '0') >= '5') scaled += 1n;
  const digits = scaled.toString().padStart(fractionDigits + 1, '0');
  const integerPart = digits.slice(0, digits.length - fractionDigits);
  const decimals = digits.slice(digits.length - fractionDigits).replace(/0+$/, '');
  // Intl keeps the sign of a negative number that rounds to zero ('-0').
  const sign = value < 0 || Object.is(value, -0) ? '-' : '';
  return `${sign}${groupThousands(integerPart)}${decimals ? `,${decimals}` : ''}`;
}
