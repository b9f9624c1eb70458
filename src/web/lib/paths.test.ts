import { describe, expect, it } from 'vitest';
import { paths, returnPathFromState, safeReturnPath } from './paths';

describe('safeReturnPath', () => {
  it('accepts internal paths with search and hash', () => {
    expect(safeReturnPath('/app/analytics?period=30')).toBe('/app/analytics?period=30');
    expect(safeReturnPath('/admin/businesses#top')).toBe('/admin/businesses#top');
    expect(safeReturnPath('/')).toBe('/');
  });

  it.each([
    undefined,
    null,
    42,
    '',
    'app/dashboard',
    'https://evil.example/app',
    '//evil.example/app',
    '/\\evil.example',
    '/app\u0000',
    '/app\n/x',
    'javascript:alert(1)',
  ])('refuses %j', (value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses the sign-in flow pages themselves', () => {
    for (const path of [paths.login, paths.signup, paths.signout, paths.forgotPassword, paths.resetPassword, '/login/', '/signout?x=1']) {
      expect(safeReturnPath(path)).toBeNull();
    }
  });
});

describe('returnPathFromState', () => {
  it('uses a safe `from`, else the dashboard', () => {
    expect(returnPathFromState({ from: '/app/portals' })).toBe('/app/portals');
    expect(returnPathFromState({ from: '//evil.example' })).toBe(paths.app.dashboard);
    expect(returnPathFromState(null)).toBe(paths.app.dashboard);
    expect(returnPathFromState('nope')).toBe(paths.app.dashboard);
  });
});
