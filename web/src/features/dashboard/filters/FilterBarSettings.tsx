import { useCallback, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { FilterBarOrientation } from '@/api/generated/FilterBarOrientation';
import { DropdownMenuAnchor, DropdownMenuButton, DropdownMenuItem, DropdownMenuList } from '@/components/DropdownMenu';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';
import { testIds } from '@/testIds';
import { crossFilteringScopingLabel, enableCrossFilteringLabel } from './crossFilterScoping';
import { horizontalOrientationLabel, orientationGroupLabel, verticalOrientationLabel } from './filterBarOrientation';

export interface FilterBarSettingsProps {
  isCrossFilteringEnabled: boolean;
  onCrossFilteringChange: (isEnabled: boolean) => void;
  onOpenScoping: () => void;
  orientation: FilterBarOrientation;
  onOrientationChange: (orientation: FilterBarOrientation) => void;
}

const orientationChoices: readonly { orientation: FilterBarOrientation; label: string; testId: string }[] = [
  { orientation: 'VERTICAL', label: verticalOrientationLabel, testId: testIds.dashboardFilters.orientationVertical },
  { orientation: 'HORIZONTAL', label: horizontalOrientationLabel, testId: testIds.dashboardFilters.orientationHorizontal },
];

/**
 * The filter bar's settings for editors: "Enable cross-filtering", "Cross-filtering scoping" (when
 * on) and the "Orientation of filter bar" choice, as Superset 6's menu has them.
 */
export function FilterBarSettings({
  isCrossFilteringEnabled,
  onCrossFilteringChange,
  onOpenScoping,
  orientation,
  onOrientationChange,
}: FilterBarSettingsProps): JSX.Element {
  const [isOpen, setIsOpen] = useState(false);
  const anchorRef = useRef<HTMLDivElement>(null);
  const close = useCallback(() => setIsOpen(false), []);
  useCloseOnOutside(anchorRef, isOpen, close);

  return (
    <DropdownMenuAnchor ref={anchorRef}>
      <DropdownMenuButton
        aria-label="Settings"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        data-testid={testIds.dashboardFilters.settingsButton}
        onClick={() => setIsOpen((open) => !open)}
      >
        ⚙
      </DropdownMenuButton>
      {isOpen && (
        <DropdownMenuList role="menu">
          <CheckboxItem>
            <input
              type="checkbox"
              data-testid={testIds.dashboardFilters.enableCrossFilteringCheckbox}
              checked={isCrossFilteringEnabled}
              onChange={(event) => onCrossFilteringChange(event.target.checked)}
            />
            {enableCrossFilteringLabel}
          </CheckboxItem>
          {isCrossFilteringEnabled && (
            <DropdownMenuItem
              data-testid={testIds.dashboardFilters.crossFilterScopingItem}
              onClick={() => {
                setIsOpen(false);
                onOpenScoping();
              }}
            >
              {crossFilteringScopingLabel}
            </DropdownMenuItem>
          )}
          <GroupLabel role="presentation">{orientationGroupLabel}</GroupLabel>
          {orientationChoices.map((choice) => (
            <DropdownMenuItem
              key={choice.orientation}
              data-selected={orientation === choice.orientation}
              data-testid={choice.testId}
              onClick={() => {
                setIsOpen(false);
                if (orientation !== choice.orientation) onOrientationChange(choice.orientation);
              }}
            >
              {orientation === choice.orientation ? '✓ ' : ''}
              {choice.label}
            </DropdownMenuItem>
          ))}
        </DropdownMenuList>
      )}
    </DropdownMenuAnchor>
  );
}

const CheckboxItem = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  white-space: nowrap;
  cursor: pointer;
`;

const GroupLabel = styled.div`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px ${theme.gridUnit}px`};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  white-space: nowrap;
`;
