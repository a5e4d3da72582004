import { describe, expect, it } from 'vitest';
import { maskEmailForDisplay } from './masks';

describe('maskEmailForDisplay', () => {
  it.each([
    ['joao.lima@example.com', 'jo***@example.com'],
    ['a@b.com.br', 'a***@b.com.br'],
    ['  Maria@Example.com ', 'Ma***@Example.com'],
    ['not-an-email', ''],
    ['', ''],
  ])('%s shows as %s', (email, shown) => expect(maskEmailForDisplay(email)).toBe(shown));
});
