import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '@/api/generated/CurrentUser';
import { loginPathReturningTo, safeNextPath, userDisplayName } from './api';

describe('login redirects', () => {
  it.each<[string | null, string]>([
    ['/explore/?datasource_type=table&datasource_id=3', '/explore/?datasource_type=table&datasource_id=3'],
    [null, '/superset/welcome/'],
    ['//evil.example/path', '/superset/welcome/'],
    ['https://evil.example/', '/superset/welcome/'],
  ])('returns to %s as %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected);
  });

  it('encodes the page to come back to', () => {
    expect(loginPathReturningTo('/explore/?datasource_id=3')).toBe('/login/?next=%2Fexplore%2F%3Fdatasource_id%3D3');
  });
});

describe('userDisplayName', () => {
  const user: CurrentUser = {
    id: 1,
    username: 'admin',
    first_name: 'Superset',
    last_name: 'Admin',
    email: 'admin@example.com',
    is_active: true,
    is_anonymous: false,
  };

  it('is the full name, else the username', () => {
    expect(userDisplayName(user)).toBe('Superset Admin');
    expect(userDisplayName({ ...user, first_name: '', last_name: '' })).toBe('admin');
  });
});
