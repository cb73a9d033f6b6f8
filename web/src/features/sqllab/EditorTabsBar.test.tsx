import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import type { QueryEditorTab } from './editorTabs';
import { EditorTabsBar } from './EditorTabsBar';

const tab: QueryEditorTab = { id: 'a', name: 'Untitled Query 1', dbId: 1, schema: 'main', sql: '', queryLimit: 1000, remoteId: null, templateParams: null, autorun: false };

function renderBar(tabs: QueryEditorTab[], onToggleLeftBar = vi.fn()): void {
  renderWithTheme(
    <EditorTabsBar
      tabs={tabs}
      activeTabId="a"
      onSelect={vi.fn()}
      onAdd={vi.fn()}
      onClone={vi.fn()}
      onClose={vi.fn()}
      onRename={vi.fn()}
      onToggleLeftBar={onToggleLeftBar}
    />,
  );
}

describe('EditorTabsBar left bar toggle (spec 002 section 2, hideLeftBar)', () => {
  it("offers 'Hide left bar' on the active tab and calls back with its id", () => {
    const onToggleLeftBar = vi.fn();
    renderBar([tab, { ...tab, id: 'b', name: 'Untitled Query 2' }], onToggleLeftBar);
    const toggles = screen.getAllByTestId(testIds.sqlLab.toggleLeftBar);
    expect(toggles).toHaveLength(1);
    expect(toggles[0]?.getAttribute('title')).toBe('Hide left bar');
    fireEvent.click(screen.getByRole('button', { name: 'Hide left bar' }));
    expect(onToggleLeftBar).toHaveBeenCalledWith('a');
  });

  it("offers 'Show left bar' once the bar is hidden", () => {
    renderBar([{ ...tab, hideLeftBar: true }]);
    expect(screen.getByTestId(testIds.sqlLab.toggleLeftBar).getAttribute('title')).toBe('Show left bar');
    expect(screen.getByTestId(testIds.sqlLab.toggleLeftBar).getAttribute('aria-pressed')).toBe('true');
  });
});
