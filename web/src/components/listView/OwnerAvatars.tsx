import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { useSlackEnableAvatars } from '@/api/commonConf';
import type { UserRef } from '@/api/generated/UserRef';
import { displayNameOf } from '@/api/userNames';
import { testIds } from '@/testIds';

/** A list cell shows at most this many owner avatars (spec 001 section 9). */
export const maxOwnerAvatars = 4;

export function initials(user: UserRef): string {
  return `${user.first_name.charAt(0)}${user.last_name.charAt(0)}`.toUpperCase();
}

/** The per-user image endpoint (spec 001 section 7). */
export function avatarPath(userId: UserRef['id']): string {
  return `/api/v1/user/${String(userId)}/avatar.png`;
}

/**
 * The owners in round avatars, the first four of them: initials, or the user's image when the
 * avatar flag is on and the server has one (a 204 or a failed load keeps the initials).
 */
export function OwnerAvatars({ owners }: { owners: readonly UserRef[] }): JSX.Element {
  const showsImages = useSlackEnableAvatars();
  return (
    <Avatars>
      {owners.slice(0, maxOwnerAvatars).map((owner) => (
        <OwnerAvatar key={String(owner.id)} owner={owner} showsImage={showsImages} />
      ))}
    </Avatars>
  );
}

function OwnerAvatar({ owner, showsImage }: { owner: UserRef; showsImage: boolean }): JSX.Element {
  const [hasNoImage, setHasNoImage] = useState(false);
  return (
    <Avatar title={displayNameOf(owner)} data-testid={testIds.listView.ownerAvatar}>
      {showsImage && !hasNoImage ? <AvatarImage src={avatarPath(owner.id)} alt={displayNameOf(owner)} onError={() => setHasNoImage(true)} /> : initials(owner)}
    </Avatar>
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
  overflow: hidden;
  width: 24px;
  height: 24px;
  border-radius: 50%;
  background: ${({ theme }) => theme.colors.primary.base};
  color: ${({ theme }) => theme.colors.textOnPrimary};
  font-size: ${({ theme }) => theme.fontSizes.xs}px;
  font-weight: 600;
`;

const AvatarImage = styled.img`
  width: 100%;
  height: 100%;
  object-fit: cover;
`;
