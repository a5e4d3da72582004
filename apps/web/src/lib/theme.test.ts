import { describe, expect, it } from 'vitest';
import { contrast, distinctFrom, parseColor, pickTextColor, readableOn, textOn, toHex } from './theme';

const WHITE = parseColor('#fff')!;

describe('partner colours stay readable (WCAG AA)', () => {
  it('parses hex and rgb()', () => {
    expect(parseColor('#00c0fb')).toEqual([0, 192, 251]);
    expect(parseColor('5938C8')).toEqual([89, 56, 200]);
    expect(parseColor('#abc')).toEqual([170, 187, 204]);
    expect(parseColor('rgb(1, 2, 3)')).toEqual([1, 2, 3]);
    expect(parseColor('azul')).toBeNull();
    expect(parseColor(undefined)).toBeNull();
  });

  it('puts dark text on the light default primary and white on the default secondary', () => {
    expect(toHex(textOn(parseColor('#00c0fb')!))).toBe('#111827');
    expect(toHex(textOn(parseColor('#5938c8')!))).toBe('#ffffff');
  });

  it.each(['#00c0fb', '#ffff00', '#e4572e', '#5938c8', '#0a7d3b', '#ffffff'])(
    'darkens %s until it reads on white',
    (color) => {
      expect(contrast(readableOn(parseColor(color)!, WHITE), WHITE)).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a preferred text colour only when it passes', () => {
    const purple = parseColor('#5938c8')!;
    expect(pickTextColor('#ffffff', purple)).toBe('#ffffff');
    expect(pickTextColor('#6a4fd6', purple)).toBe('#ffffff');
    expect(pickTextColor(null, WHITE)).toBe('#111827');
  });

  it('never returns a button colour equal to its panel', () => {
    const purple = parseColor('#5938c8')!;
    const chosen = distinctFrom(['#5938c8', '#00c0fb'], purple);
    expect(toHex(chosen)).toBe('#00c0fb');
    expect(contrast(distinctFrom(['#5938c8'], purple), purple)).toBeGreaterThanOrEqual(3);
  });
});
