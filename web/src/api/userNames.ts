/** The name fields a user's wire shape carries (`UserRef`, the current user, list rows). */
export interface NamedUser {
  first_name: string;
  last_name: string;
  full_name?: string | null;
}

/** Spec 000 section 3: a user's display name is full_name, or the first and last name. */
export function displayNameOf(user: NamedUser): string {
  const fullName = user.full_name?.trim() ?? '';
  return fullName !== '' ? fullName : `${user.first_name} ${user.last_name}`.trim();
}
