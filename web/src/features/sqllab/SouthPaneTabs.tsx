import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { tableSouthTab, type SouthTab, type SqlLabTable } from './sqlLabTables';

export interface SouthPaneTabsProps {
  /** The tables of the active editor: each has its data preview tab, in the order they were added. */
  tables: readonly SqlLabTable[];
  active: SouthTab;
  onSelect: (tab: SouthTab) => void;
  /** A table tab's close button: the table leaves the editor (and its tab the pane). */
  onCloseTable: (tableId: string) => void;
}

/**
 * The south pane's tab bar (spec 002 section 2): Results, Query history, then one closable tab
 * per table of the editor, named after the table, whose data preview it shows.
 */
export function SouthPaneTabs({ tables, active, onSelect, onCloseTable }: SouthPaneTabsProps): JSX.Element {
  return (
    <Tabs role="tablist" aria-label="Results and history">
      <TabButton role="tab" aria-selected={active === 'results'} data-testid={testIds.sqlLab.southTabResults} onClick={() => onSelect('results')}>
        Results
      </TabButton>
      <TabButton role="tab" aria-selected={active === 'history'} data-testid={testIds.sqlLab.southTabHistory} onClick={() => onSelect('history')}>
        Query history
      </TabButton>
      {tables.map((table) => (
        <TableTab key={table.id}>
          <TabButton
            role="tab"
            aria-selected={active === tableSouthTab(table.id)}
            data-testid={testIds.sqlLab.southTabTable}
            data-table={table.name}
            title={`${table.schema}.${table.name}`}
            onClick={() => onSelect(tableSouthTab(table.id))}
          >
            {table.name}
          </TabButton>
          <CloseButton type="button" aria-label={`Remove ${table.name}`} data-testid={testIds.sqlLab.southTabTableClose} onClick={() => onCloseTable(table.id)}>
            ×
          </CloseButton>
        </TableTab>
      ))}
    </Tabs>
  );
}

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const TabButton = styled.button.attrs({ type: 'button' })`
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 3}px`};
  border: none;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  font-weight: 600;
  cursor: pointer;

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary.base};
  }
`;

const TableTab = styled.span`
  display: inline-flex;
  align-items: center;
`;

const CloseButton = styled.button`
  padding: 0 ${({ theme }) => theme.gridUnit}px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;
