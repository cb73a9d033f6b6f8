import { useCallback, useRef, useState, type JSX } from 'react';
import styled from 'styled-components';
import { DropdownMenuAnchor, DropdownMenuButton, DropdownMenuItem, DropdownMenuList } from '@/components/DropdownMenu';
import { useCloseOnOutside } from '@/components/useCloseOnOutside';
import { testIds } from '@/testIds';
import { crossFilteringScopingLabel, enableCrossFilteringLabel } from './crossFilterScoping';

export interface FilterBarSettingsProps {
  isCrossFilteringEnabled: boolean;
  onCrossFilteringChange: (isEnabled: boolean) => void;
  onOpenScoping: () => void;
}

/** The filter bar's settings for editors: "Enable cross-filtering" and "Cross-filtering scoping" (when on). */
export function FilterBarSettings({ isCrossFilteringEnabled, onCrossFilteringChange, onOpenScoping }: FilterBarSettingsProps): JSX.Element {
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
