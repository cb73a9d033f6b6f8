import { useState, type JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { leftBarToggleLabel, type QueryEditorTab } from './editorTabs';

export interface EditorTabsBarProps {
  tabs: readonly QueryEditorTab[];
  activeTabId: string;
  onSelect: (tabId: string) => void;
  onAdd: () => void;
  onClone: (tabId: string) => void;
  onClose: (tabId: string) => void;
  onRename: (tabId: string, name: string) => void;
  /** Hides or shows the tab's left bar (Superset's 'Hide left bar' / 'Show left bar' tab action). */
  onToggleLeftBar: (tabId: string) => void;
}

/**
 * The editor tabs: click to switch (Ctrl+] and Ctrl+[ for the next and previous one, wrapping
 * around), double-click to rename, ◧ to hide or show the left bar, ⧉ to clone, × to close, + to add.
 */
export function EditorTabsBar({ tabs, activeTabId, onSelect, onAdd, onClone, onClose, onRename, onToggleLeftBar }: EditorTabsBarProps): JSX.Element {
  const [renamingTabId, setRenamingTabId] = useState<string | null>(null);
  const [draftName, setDraftName] = useState('');

  function commitRename(): void {
    if (renamingTabId !== null) onRename(renamingTabId, draftName);
    setRenamingTabId(null);
  }

  return (
    <Bar role="tablist" aria-label="Query editors">
      {tabs.map((tab) => {
        const isActive = tab.id === activeTabId;
        return (
          <Tab key={tab.id} $isActive={isActive} data-testid={testIds.sqlLab.tab} data-tab-name={tab.name} data-active={isActive ? 'true' : undefined}>
            {renamingTabId === tab.id ? (
              <RenameInput
                autoFocus
                aria-label="Tab name"
                data-testid={testIds.sqlLab.renameInput}
                value={draftName}
                onChange={(event) => setDraftName(event.target.value)}
                onBlur={commitRename}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') commitRename();
                  if (event.key === 'Escape') setRenamingTabId(null);
                }}
              />
            ) : (
              <TabButton
                type="button"
                role="tab"
                aria-selected={isActive}
                title="Double-click to rename"
                onClick={() => onSelect(tab.id)}
                onDoubleClick={() => {
                  setDraftName(tab.name);
                  setRenamingTabId(tab.id);
                }}
              >
                {tab.name}
              </TabButton>
            )}
            {isActive && (
              <CloseButton
                type="button"
                aria-label={leftBarToggleLabel(tab)}
                title={leftBarToggleLabel(tab)}
                aria-pressed={tab.hideLeftBar === true}
                data-testid={testIds.sqlLab.toggleLeftBar}
                onClick={() => onToggleLeftBar(tab.id)}
              >
                ◧
              </CloseButton>
            )}
            {isActive && (
              <CloseButton type="button" aria-label={`Clone ${tab.name}`} title="Clone tab" data-testid={testIds.sqlLab.cloneTab} onClick={() => onClone(tab.id)}>
                ⧉
              </CloseButton>
            )}
            {tabs.length > 1 && (
              <CloseButton type="button" aria-label={`Close ${tab.name}`} data-testid={testIds.sqlLab.closeTab} onClick={() => onClose(tab.id)}>
                ×
              </CloseButton>
            )}
          </Tab>
        );
      })}
      <AddButton type="button" aria-label="Add tab" title="Add tab" data-testid={testIds.sqlLab.addTab} onClick={onAdd}>
        +
      </AddButton>
    </Bar>
  );
}

const Bar = styled.div`
  display: flex;
  align-items: flex-end;
  gap: ${({ theme }) => theme.gridUnit}px;
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 4}px 0`};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
  overflow-x: auto;
`;

const Tab = styled.div<{ $isActive: boolean }>`
  display: flex;
  align-items: center;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-bottom: 2px solid ${({ theme, $isActive }) => ($isActive ? theme.colors.primary.base : 'transparent')};
  border-radius: ${({ theme }) => `${theme.borderRadius}px ${theme.borderRadius}px 0 0`};
  background: ${({ theme, $isActive }) => ($isActive ? theme.colors.surface : theme.colors.surfaceMuted)};
`;

const TabButton = styled.button`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  white-space: nowrap;
  cursor: pointer;
`;

const RenameInput = styled.input`
  width: 160px;
  margin: ${({ theme }) => theme.gridUnit}px;
`;

const CloseButton = styled.button`
  padding: 0 ${({ theme }) => theme.gridUnit * 2}px;
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;
`;

const AddButton = styled.button`
  padding: ${({ theme }) => `${theme.gridUnit * 2}px ${theme.gridUnit * 3}px`};
  border: 0;
  background: none;
  color: ${({ theme }) => theme.colors.primary.base};
  font-size: ${({ theme }) => theme.fontSizes.l}px;
  cursor: pointer;
`;
