import { ApiError } from '@/api/errors';
import type { Dashboard } from '@/api/generated/Dashboard';
import type { UserRoles } from '@/api/generated/UserRoles';
import { rolesGrant } from '@/features/explore/download/chartExport';
import { isAdmin } from './api';

export const saveFailedMessage = 'Sorry, there was an error saving this dashboard: %s';
export const saveForbiddenMessage = 'You do not have permission to edit this dashboard';
export const unknownSaveErrorMessage = 'Sorry, an unknown error occurred';

function isOwner(dashboard: Pick<Dashboard, 'owners'> | undefined, userId: number | undefined): boolean {
  return userId !== undefined && (dashboard?.owners.some((owner) => owner.id === userId) ?? false);
}

/** Edit permission (spec 001 §6): admin or owner, plus `can_write` on Dashboard. */
export function canEditDashboard(roles: UserRoles | undefined, dashboard: Pick<Dashboard, 'owners'> | undefined, userId: number | undefined): boolean {
  return (isAdmin(roles) || isOwner(dashboard, userId)) && rolesGrant(roles, 'can_write', 'Dashboard');
}

/** Share permission (spec 001 §6): `can_share_dashboard` on `Superset`, the header's Share menu. */
export function canShareDashboard(roles: UserRoles | undefined): boolean {
  return rolesGrant(roles, 'can_share_dashboard', 'Superset');
}

/**
 * Save permission (spec 001 §6, "Save as" in the header menu): `can_write` on Dashboard; with
 * role-based dashboard access also admin or owner.
 */
export function canSaveDashboard(
  roles: UserRoles | undefined,
  dashboard: Pick<Dashboard, 'owners'> | undefined,
  userId: number | undefined,
  isRoleBasedAccessOn: boolean,
): boolean {
  const canWrite = rolesGrant(roles, 'can_write', 'Dashboard');
  return isRoleBasedAccessOn ? canWrite && (isAdmin(roles) || isOwner(dashboard, userId)) : canWrite;
}

/**
 * The toast of a failed save, as Superset words it: 'You do not have permission to edit this
 * dashboard' when forbidden, the server's error inside 'Sorry, there was an error saving this
 * dashboard: %s', else 'Sorry, an unknown error occurred'.
 */
export function saveFailureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 403) return saveForbiddenMessage;
  if (error instanceof ApiError && error.message !== '') return saveFailedMessage.replace('%s', error.message);
  return unknownSaveErrorMessage;
}
