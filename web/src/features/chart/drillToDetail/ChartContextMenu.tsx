import { useEffect, useRef, type JSX } from 'react';
import { createPortal } from 'react-dom';
import styled from 'styled-components';
import type { ChartContextMenuTarget, DrillValue } from '@/features/chart/viz/chartRendererProps';
import { DropdownMenuItem } from '@/components/DropdownMenu';
import { testIds } from '@/testIds';

export const drillToDetailLabel = 'Drill to detail';
/** Superset's disabled "Drill to detail by" item when the right-click hit no dimension value. */
export const drillToDetailByLabel = 'Drill to detail by';
export const drillToDetailByHint = 'Right-click on a dimension value to drill to detail by that value.';

/** "Drill to detail by state = CA". */
export function drillToDetailByValueLabel(drillValue: DrillValue): string {
  return `${drillToDetailByLabel} ${drillValue.column} = ${drillValue.label}`;
}

export const drillToDetailByAllLabel = `${drillToDetailByLabel} all`;

/** The menu's distance from the viewport's right and bottom edges, in px. */
const viewportMargin = 8;
const menuWidth = 280;
/** An item's height and the menu's vertical padding, in px: to keep the menu above the viewport's bottom. */
const menuItemHeight = 34;
const menuPadding = 8;

export interface ChartContextMenuProps {
  target: ChartContextMenuTarget;
  /** Told the values to drill by (none for "Drill to detail"). */
  onDrillToDetail: (drillValues: DrillValue[]) => void;
  onClose: () => void;
}

/**
 * The right-click menu of a chart: "Drill to detail", then "Drill to detail by <column> = <value>"
 * for each dimension value of the mark under the pointer ("... by all" when there are several).
 * Escape, a click elsewhere, scrolling or resizing closes it.
 */
export function ChartContextMenu({ target, onDrillToDetail, onClose }: ChartContextMenuProps): JSX.Element {
  const menuRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    menuRef.current?.querySelector<HTMLButtonElement>('button:not(:disabled)')?.focus();
    const close = (): void => onCloseRef.current();
    const closeOnOutsideMouseDown = (event: MouseEvent): void => {
      if (menuRef.current !== null && !menuRef.current.contains(event.target as Node)) close();
    };
    const closeOnEscape = (event: KeyboardEvent): void => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', closeOnOutsideMouseDown);
    document.addEventListener('keydown', closeOnEscape);
    window.addEventListener('resize', close);
    window.addEventListener('scroll', close, true);
    return () => {
      document.removeEventListener('mousedown', closeOnOutsideMouseDown);
      document.removeEventListener('keydown', closeOnEscape);
      window.removeEventListener('resize', close);
      window.removeEventListener('scroll', close, true);
    };
  }, []);

  function choose(drillValues: DrillValue[]): void {
    onClose();
    onDrillToDetail(drillValues);
  }

  const { drillValues } = target;
  const itemCount = 1 + Math.max(drillValues.length, 1) + (drillValues.length > 1 ? 1 : 0);
  const menuHeight = itemCount * menuItemHeight + menuPadding;
  const left = Math.max(0, Math.min(target.clientX, window.innerWidth - menuWidth - viewportMargin));
  const top = Math.max(0, Math.min(target.clientY, window.innerHeight - menuHeight - viewportMargin));
  return createPortal(
    <Menu
      ref={menuRef}
      role="menu"
      aria-label="Chart context menu"
      data-testid={testIds.drillToDetail.contextMenu}
      style={{ left, top }}
      onContextMenu={(event) => event.preventDefault()}
    >
      <MenuItem role="menuitem" data-testid={testIds.drillToDetail.contextMenuItem} onClick={() => choose([])}>
        {drillToDetailLabel}
      </MenuItem>
      {drillValues.length === 0 ? (
        <MenuItem role="menuitem" disabled title={drillToDetailByHint} data-testid={testIds.drillToDetail.contextMenuItem}>
          {drillToDetailByLabel}
        </MenuItem>
      ) : (
        drillValues.map((drillValue) => (
          <MenuItem
            key={drillValue.column}
            role="menuitem"
            title={drillToDetailByValueLabel(drillValue)}
            data-testid={testIds.drillToDetail.contextMenuItem}
            onClick={() => choose([drillValue])}
          >
            {drillToDetailByValueLabel(drillValue)}
          </MenuItem>
        ))
      )}
      {drillValues.length > 1 && (
        <MenuItem role="menuitem" data-testid={testIds.drillToDetail.contextMenuItem} onClick={() => choose(drillValues)}>
          {drillToDetailByAllLabel}
        </MenuItem>
      )}
    </Menu>,
    document.body,
  );
}

const Menu = styled.div`
  position: fixed;
  z-index: 950;
  display: flex;
  flex-direction: column;
  width: max-content;
  min-width: 200px;
  max-width: ${menuWidth}px;
  padding: ${({ theme }) => theme.gridUnit}px 0;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};
  box-shadow: 0 4px 12px rgb(0 0 0 / 15%);
`;

/** Long "Drill to detail by" items are cut to the menu's width; the keyboard's item is marked. */
const MenuItem = styled(DropdownMenuItem)`
  overflow: hidden;
  text-overflow: ellipsis;

  &:focus-visible {
    background: ${({ theme }) => theme.colors.surfaceMuted};
  }
`;
