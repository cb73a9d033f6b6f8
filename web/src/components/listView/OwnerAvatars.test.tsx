import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { UserRef } from '@/api/generated/UserRef';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { OwnerAvatars } from './OwnerAvatars';

const owner = (id: number, first: string, last: string): UserRef => ({ id, first_name: first, last_name: last });

/** Answers `common/conf` with the avatar flag. */
function stubConf(slackEnableAvatars: boolean): void {
  vi.stubGlobal('fetch', (path: string) =>
    Promise.resolve(
      path === '/api/v1/common/conf/'
        ? Response.json({ result: { SUPERSET_WEBSERVER_TIMEOUT: 60, ESCAPE_MARKDOWN_HTML: false, SLACK_ENABLE_AVATARS: slackEnableAvatars } })
        : Response.json({}, { status: 404 }),
    ),
  );
}

describe('OwnerAvatars', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows the initials of the first four owners, with the full name as the title', async () => {
    stubConf(false);
    renderWithTheme(
      <OwnerAvatars owners={[owner(1, 'Ada', 'Lovelace'), owner(2, 'alan', 'turing'), owner(3, 'Grace', 'Hopper'), owner(4, 'Edsger', 'Dijkstra'), owner(5, 'Barbara', 'Liskov')]} />,
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    const avatars = screen.getAllByTestId(testIds.listView.ownerAvatar);
    expect(avatars.map((avatar) => avatar.textContent)).toEqual(['AL', 'AT', 'GH', 'ED']);
    expect(avatars[0]?.getAttribute('title')).toBe('Ada Lovelace');
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('loads each avatar from the per-user endpoint when the flag is on, keeping the initials when there is none', async () => {
    stubConf(true);
    renderWithTheme(<OwnerAvatars owners={[owner(1, 'Ada', 'Lovelace'), owner(2, 'Alan', 'Turing')]} />);
    const images = await screen.findAllByRole<HTMLImageElement>('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual(['/api/v1/user/1/avatar.png', '/api/v1/user/2/avatar.png']);
    expect(images[0]?.getAttribute('alt')).toBe('Ada Lovelace');
    // A 204 (no avatar) fails to load as an image: the initials come back.
    fireEvent.error(images[1] as HTMLImageElement);
    expect(screen.getAllByTestId(testIds.listView.ownerAvatar).map((avatar) => avatar.textContent)).toEqual(['', 'AT']);
  });
});
