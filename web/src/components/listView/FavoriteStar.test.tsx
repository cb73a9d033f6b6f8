import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/api/errors';
import { renderWithTheme } from '@/testRendering';
import { FavoriteStar } from './FavoriteStar';

describe('FavoriteStar', () => {
  it('saves the flipped state, and says why when saving fails', async () => {
    const saved: boolean[] = [];
    renderWithTheme(
      <FavoriteStar
        isStarred={false}
        testId="star"
        onToggle={(isStarred) => {
          saved.push(isStarred);
          return Promise.reject(new ApiError('Not found', { status: 404 }));
        }}
      />,
    );
    expect(screen.getByTestId('star').getAttribute('aria-label')).toBe('Favorite');
    fireEvent.click(screen.getByTestId('star'));
    expect(saved).toEqual([true]);
    expect(await screen.findByText('There was an error saving the favorite status: Not found')).toBeTruthy();
  });
});
