import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import type { UserRoles } from '@/api/generated/UserRoles';
import { canEditDashboard, canSaveDashboard, saveFailureMessage } from './dashboardPermissions';

const roles = (name: string, pairs: Array<[string, string]>): UserRoles => ({ roles: { [name]: pairs } }) as unknown as UserRoles;
const gamma = roles('Gamma', [['can_read', 'Dashboard'], ['can_write', 'Dashboard']]);
const readOnly = roles('Reader', [['can_read', 'Dashboard']]);
const admin = roles('admin', []);
const ownedBy7 = { owners: [{ id: 7, first_name: 'Gina', last_name: 'Gamma' }] } as never;

describe('dashboard permissions', () => {
  it('edit takes admin or owner, plus can_write on Dashboard', () => {
    expect(canEditDashboard(gamma, ownedBy7, 7)).toBe(true);
    expect(canEditDashboard(gamma, ownedBy7, 8)).toBe(false);
    expect(canEditDashboard(readOnly, ownedBy7, 7)).toBe(false);
    expect(canEditDashboard(admin, ownedBy7, 1)).toBe(true);
    expect(canEditDashboard(undefined, ownedBy7, 7)).toBe(false);
  });

  it('save takes can_write on Dashboard; with role-based access also admin or owner', () => {
    expect(canSaveDashboard(gamma, ownedBy7, 8, false)).toBe(true);
    expect(canSaveDashboard(readOnly, ownedBy7, 7, false)).toBe(false);
    expect(canSaveDashboard(gamma, ownedBy7, 8, true)).toBe(false);
    expect(canSaveDashboard(gamma, ownedBy7, 7, true)).toBe(true);
    expect(canSaveDashboard(admin, ownedBy7, 1, true)).toBe(true);
  });

  it('words a failed save as Superset does', () => {
    expect(saveFailureMessage(new ApiError('Forbidden', { status: 403 }))).toBe('You do not have permission to edit this dashboard');
    expect(saveFailureMessage(new ApiError('Must be unique', { status: 422 }))).toBe('Sorry, there was an error saving this dashboard: Must be unique');
    expect(saveFailureMessage(new TypeError('boom'))).toBe('Sorry, an unknown error occurred');
  });
});
