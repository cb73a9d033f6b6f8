import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import { useToasts } from '@/components/toastContext';
import { favoriteStatusSaveFailedMessage } from './resourceMessages';

export interface FavoriteStarProps {
  isStarred: boolean;
  /** Saves the new state; a rejection shows "There was an error saving the favorite status: %s". */
  onToggle: (isStarred: boolean) => Promise<void>;
  testId: string;
}

/** A list row's favorite star: click to star or unstar. */
export function FavoriteStar({ isStarred, onToggle, testId }: FavoriteStarProps): JSX.Element {
  const { addToast } = useToasts();
  const [isSaving, setIsSaving] = useState(false);
  const toggle = async (): Promise<void> => {
    setIsSaving(true);
    try {
      await onToggle(!isStarred);
    } catch (error) {
      addToast('danger', favoriteStatusSaveFailedMessage(errorMessage(error)));
    } finally {
      setIsSaving(false);
    }
  };
  return (
    <Star
      type="button"
      aria-pressed={isStarred}
      aria-label={isStarred ? 'Unfavorite' : 'Favorite'}
      title={isStarred ? 'Click to unfavorite' : 'Click to favorite'}
      disabled={isSaving}
      data-testid={testId}
      $isStarred={isStarred}
      onClick={() => void toggle()}
    >
      {isStarred ? '★' : '☆'}
    </Star>
  );
}

const Star = styled.button<{ $isStarred: boolean }>`
  border: none;
  background: none;
  cursor: pointer;
  font-size: ${({ theme }) => theme.fontSizes.l}px;
  color: ${({ theme, $isStarred }) => ($isStarred ? theme.colors.warning.base : theme.colors.textMuted)};
`;
