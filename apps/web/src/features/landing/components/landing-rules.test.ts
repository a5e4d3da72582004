import { describe, expect, it } from 'vitest';
import { businessHours } from './Contact';
import { tutorialSteps } from './Tutorial';

describe('tutorial steps (spec 002 §3: exactly four, codes 0 to 3)', () => {
  it('keeps codes 0..3 in order and drops the rest', () => {
    const steps = [5, 3, 0, 2, 1, -1].map((code) => ({ code, title: `t${code}`, text: `x${code}` }));
    expect(tutorialSteps(steps).map((s) => s.code)).toEqual([0, 1, 2, 3]);
    expect(tutorialSteps(undefined)).toEqual([]);
  });
});

describe('business hours (spec 000 §9)', () => {
  it('shows Monday to Friday, and Saturday only when it has hours', () => {
    expect(businessHours({ initialTime: '08:00', finalTime: '18:00' })).toEqual([
      'Segunda a Sexta: 08:00 às 18:00',
    ]);
    expect(
      businessHours({
        initialTime: '08:00',
        finalTime: '18:00',
        initialTimeWeekend: '09:00',
        finalTimeWeekend: '13:00',
      }),
    ).toEqual(['Segunda a Sexta: 08:00 às 18:00', 'Sábado: 09:00 às 13:00']);
    expect(
      businessHours({ initialTime: '08:00', finalTime: '18:00', initialTimeWeekend: '09:00' }),
    ).toHaveLength(1);
  });
});
