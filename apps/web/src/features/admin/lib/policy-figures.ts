import { formatBasisPoints, formatMoney, parseMoney } from '@portal/domain';

// The store form's numbers as people type them and as the engine keeps them (decision 027): a percentage is basis
// points, reais are centavos, days and instalments whole numbers.

export type Unit = 'percent' | 'money' | 'whole';

const PERCENT = /^(\d{1,5})(?:[.,](\d*))?\s*%?$/;

/**
 * What a person typed, in the engine's unit: a percentage in basis points, reais in centavos, a whole number as it
 * is. More than two decimals gives a fraction (the schema says so); anything else NaN (the schema's range message).
 */
export function parseFigure(text: string, unit: Unit): number {
  const trimmed = text.trim();
  if (unit === 'money') return parseMoney(trimmed) ?? Number.NaN;
  if (unit === 'whole') return /^\d{1,9}$/.test(trimmed) ? Number(trimmed) : Number.NaN;
  const match = PERCENT.exec(trimmed);
  if (!match) return Number.NaN;
  const decimals = match[2] ?? '';
  const bp = Number(match[1]) * 100 + Number(decimals.slice(0, 2).padEnd(2, '0'));
  return decimals.length > 2 ? bp + 0.5 : bp;
}

export function showFigure(value: unknown, unit: Unit): string {
  if (typeof value !== 'number' || !Number.isFinite(value)) return '';
  if (unit === 'money') return formatMoney(value);
  if (unit === 'whole') return String(value);
  return formatBasisPoints(value).replace('%', '');
}
