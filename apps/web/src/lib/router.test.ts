import { describe, expect, it } from 'vitest';
import { matchPath } from './router';

describe('matchPath', () => {
  it.each([
    ['/', '/', {}],
    ['/confirmar-dados', '/confirmar-dados/', {}],
    ['/cadastre-sua-empresa/:id', '/cadastre-sua-empresa/42', { id: '42' }],
    ['/x/:name', '/x/S%C3%A3o', { name: 'São' }],
    ['*', '/qualquer/coisa', {}],
  ])('%s matches %s', (pattern, path, params) => {
    expect(matchPath(pattern, path)).toEqual(params);
  });

  it.each([
    ['/', '/sobre'],
    ['/confirmar-dados', '/confirmar'],
    ['/cadastre-sua-empresa/:id', '/cadastre-sua-empresa'],
    ['/x/:name', '/x/%E0%A4%A'],
  ])('%s does not match %s', (pattern, path) => {
    expect(matchPath(pattern, path)).toBeNull();
  });
});
