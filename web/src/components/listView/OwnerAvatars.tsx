import type { JSX } from 'react';
import styled from 'styled-components';
import type { UserRef } from '@/api/generated/UserRef';
import { displayNameOf } from '@/api/userNames';
import { testIds } from '@/testIds';

/** A list cell shows at most this many owner avatars (spec 001 section 9). */
export const maxOwnerAvatars = 4;

export function initials(user: UserRef): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

/** The owners' initials in round avatars, the first four of them. */
export function OwnerAvatars({ owners }: { owners: readonly UserRef[] }): JSX.Element {
  return (
    <Avatars>
      {owners.slice(0, maxOwnerAvatars).map((owner) => (
        <Avatar key={String(owner.id)} title={displayNameOf(owner)} data-testid={testIds.listView.ownerAvatar}>
          {initials(owner)}
        </Avatar>
      ))}
    </Avatars>
  );
}

const Avatars = styled.span`
  display: inline-flex;
  flex-wrap: wrap;
  gap: ${({ theme }) => theme.gridUnit}px;
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary.base};
  color: ${({ theme }) => theme.colors.textOnPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  font-weight: 600;
`;
