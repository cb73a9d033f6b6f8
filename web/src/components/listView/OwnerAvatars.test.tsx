import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { UserRef } from '@/api/generated/UserRef';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { OwnerAvatars } from './OwnerAvatars';

const owner = (id: number, first: string, last: string): UserRef => ({ id, first_name: first, last_name: last });

describe('OwnerAvatars', () => {
  it('shows the initials of the first four owners, with the full name as the title', () => {
    renderWithTheme(
      <OwnerAvatars owners={[owner(1, 'Ada', 'Lovelace'), owner(2, 'alan', 'turing'), owner(3, 'Grace', 'Hopper'), owner(4, 'Edsger', 'Dijkstra'), owner(5, 'Barbara', 'Liskov')]} />,
    );
    const avatars = screen.getAllByTestId(testIds.listView.ownerAvatar);
    expect(avatars.map((avatar) => avatar.textContent)).toEqual(['AL', 'AT', 'GH', 'ED']);
    expect(avatars[0]?.getAttribute('title')).toBe('Ada Lovelace');
  });
});
