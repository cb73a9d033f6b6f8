import { describe, expect, it } from 'vitest';
import {
  addTab,
  cloneTab,
  closeTab,
  editTab,
  initialNorthPercent,
  initialSouthPercent,
  initialTabsState,
  leftBarToggleLabel,
  neighbourTabId,
  nextUntitledName,
  parseStoredTabs,
  pushTabHistory,
  renameTab,
  splitChanges,
  startTabName,
  tabNorthPercent,
  toggleLeftBar,
  type QueryEditorTab,
} from './editorTabs';

function tab(name: string, id = name): QueryEditorTab {
  return { id, name, dbId: 1, schema: 'main', sql: '', queryLimit: 1000, remoteId: null, templateParams: null, autorun: false };
}

describe('editor tabs', () => {
  it('names a new tab one more than the highest untitled number', () => {
    expect(nextUntitledName([])).toBe('Untitled Query 1');
    expect(nextUntitledName([tab('Untitled Query 1'), tab('Untitled Query 4'), tab('Sales')])).toBe('Untitled Query 5');
    expect(nextUntitledName([tab('Untitled Query x')])).toBe('Untitled Query 1');
    // Only "Untitled Query <digits>" counts, as Superset's /^Untitled Query (\d+)$/.
    expect(nextUntitledName([tab('Untitled Query 1.5'), tab('Untitled Query  7'), tab('Untitled Query 2 copy'), tab('untitled query 9')])).toBe(
      'Untitled Query 1',
    );
    expect(nextUntitledName([tab('Untitled Query 10'), tab('Untitled Query 9')])).toBe('Untitled Query 11');
  });

  it("starts with one tab named 'Untitled query'; the next added is 'Untitled Query 1'", () => {
    const start = initialTabsState(250);
    expect(start.tabs.map((each) => [each.name, each.queryLimit])).toEqual([[startTabName, 250]]);
    expect(startTabName).toBe('Untitled query');
    expect(start.activeTabId).toBe(start.tabs[0]?.id);
    const added = addTab(start);
    expect(added.tabs.map((each) => each.name)).toEqual(['Untitled query', 'Untitled Query 1']);
    expect(addTab(added).tabs.at(-1)?.name).toBe('Untitled Query 2');
  });

  it('adds an active tab with the database of the active one', () => {
    const first = { tabs: [tab('Untitled Query 2', 'a')], activeTabId: 'a' };
    const added = addTab(first);
    expect(added.tabs).toHaveLength(2);
    expect(added.tabs[1]?.name).toBe('Untitled Query 3');
    expect(added.tabs[1]?.dbId).toBe(1);
    expect(added.tabs[1]?.schema).toBe('main');
    expect(added.activeTabId).toBe(added.tabs[1]?.id);
  });

  it('gives a new tab the catalog of the active one', () => {
    const added = addTab({ tabs: [{ ...tab('A', 'a'), catalog: 'east' }], activeTabId: 'a' });
    expect(added.tabs[1]?.catalog).toBe('east');
    expect(cloneTab({ tabs: [{ ...tab('A', 'a'), catalog: 'east' }], activeTabId: 'a' }, 'a', 'c').tabs[1]?.catalog).toBe('east');
  });

  it('hides and shows the left bar of one tab (hideLeftBar), kept in browser storage', () => {
    const state = { tabs: [tab('A', 'a'), tab('B', 'b')], activeTabId: 'a' };
    const hidden = toggleLeftBar(state, 'a');
    expect(hidden.tabs.map((t) => t.hideLeftBar === true)).toEqual([true, false]);
    expect(leftBarToggleLabel(hidden.tabs[0] ?? tab('x'))).toBe('Show left bar');
    expect(toggleLeftBar(hidden, 'a').tabs[0]?.hideLeftBar).toBe(false);
    expect(leftBarToggleLabel(tab('x'))).toBe('Hide left bar');
    expect(parseStoredTabs(JSON.stringify(hidden)).tabs[0]).toMatchObject({ hideLeftBar: true });
  });

  it('closes a tab: the tab active before it becomes active, else the last tab; the last tab stays', () => {
    const state = { tabs: [tab('A', 'a'), tab('B', 'b'), tab('C', 'c'), tab('D', 'd')], activeTabId: 'b' };
    // History: a, then c, then b (active). Closing b goes back to c.
    const closed = closeTab(state, 'b', ['a', 'c', 'b']);
    expect(closed.tabs.map((t) => t.id)).toEqual(['a', 'c', 'd']);
    expect(closed.activeTabId).toBe('c');
    // Without history (or only closed tabs in it) the last tab becomes active.
    expect(closeTab(state, 'b').activeTabId).toBe('d');
    expect(closeTab(state, 'b', ['b', 'x']).activeTabId).toBe('d');
    // Closing another tab keeps the active one.
    expect(closeTab(state, 'd', ['d', 'b'])).toEqual({ tabs: [tab('A', 'a'), tab('B', 'b'), tab('C', 'c')], activeTabId: 'b' });
    expect(closeTab(state, 'zz')).toBe(state);
    const one = { tabs: [tab('A', 'a')], activeTabId: 'a' };
    expect(closeTab(one, 'a')).toBe(one);
  });

  it('keeps the tab history: the most recent last, no repeats in a row', () => {
    expect(pushTabHistory([], 'a')).toEqual(['a']);
    expect(pushTabHistory(['a'], 'a')).toEqual(['a']);
    expect(pushTabHistory(['a', 'b'], 'a')).toEqual(['a', 'b', 'a']);
    expect(pushTabHistory(['a'], '')).toEqual(['a']);
    const long = Array.from({ length: 100 }, (_, index) => String(index));
    expect(pushTabHistory(long, 'x')).toHaveLength(100);
    expect(pushTabHistory(long, 'x').at(-1)).toBe('x');
  });

  it('renames, ignoring blank names', () => {
    const state = { tabs: [tab('A', 'a')], activeTabId: 'a' };
    expect(renameTab(state, 'a', '  Births  ').tabs[0]?.name).toBe('Births');
    expect(renameTab(state, 'a', '   ').tabs[0]?.name).toBe('A');
  });

  it('reads stored tabs and starts fresh on anything else', () => {
    const stored = JSON.stringify({ tabs: [tab('Saved', 's')], activeTabId: 's' });
    expect(parseStoredTabs(stored).tabs[0]?.name).toBe('Saved');
    expect(parseStoredTabs('not json').tabs[0]?.name).toBe('Untitled query');
    expect(parseStoredTabs(null).tabs).toHaveLength(1);
    expect(initialTabsState().tabs[0]?.queryLimit).toBe(1000);
  });

  it('keeps stored template parameters, and reads tabs stored before them as having none', () => {
    const withParams = JSON.stringify({ tabs: [{ ...tab('Saved', 's'), templateParams: '{"a": 1}' }], activeTabId: 's' });
    expect(parseStoredTabs(withParams).tabs[0]?.templateParams).toBe('{"a": 1}');
    const older = JSON.stringify({ tabs: [{ id: 's', name: 'Old', dbId: 1, schema: 'main', sql: '', queryLimit: 10 }], activeTabId: 's' });
    expect(parseStoredTabs(older).tabs[0]).toMatchObject({ remoteId: null, templateParams: null, autorun: false });
    const autorun = JSON.stringify({ tabs: [{ ...tab('Saved', 's'), autorun: true }], activeTabId: 's' });
    expect(parseStoredTabs(autorun).tabs[0]?.autorun).toBe(true);
    expect(addTab({ tabs: [{ ...tab('A', 'a'), templateParams: '{"a": 1}' }], activeTabId: 'a' }).tabs[1]?.templateParams).toBeNull();
  });

  it('clones a tab as "Copy of ..." with its SQL and database, made active and last', () => {
    const state = { tabs: [{ ...tab('Sales', 'a'), sql: 'SELECT 1', remoteId: 7, templateParams: '{"state": "CA"}' }, tab('B', 'b')], activeTabId: 'b' };
    const cloned = cloneTab(state, 'a', 'c');
    expect(cloned.tabs.map((t) => t.id)).toEqual(['a', 'b', 'c']);
    expect(cloned.tabs[2]).toEqual({
      id: 'c',
      name: 'Copy of Sales',
      dbId: 1,
      catalog: null,
      schema: 'main',
      sql: 'SELECT 1',
      queryLimit: 1000,
      remoteId: null,
      templateParams: '{"state": "CA"}',
      autorun: false,
      version: 1,
      loaded: true,
      inLocalStorage: true,
    });
    expect(cloned.activeTabId).toBe('c');
    expect(cloneTab(state, 'missing')).toBe(state);
  });

  it('switches to the next and previous tab, wrapping around', () => {
    const tabs = [tab('A', 'a'), tab('B', 'b'), tab('C', 'c')];
    expect(neighbourTabId({ tabs, activeTabId: 'a' }, 1)).toBe('b');
    expect(neighbourTabId({ tabs, activeTabId: 'c' }, 1)).toBe('a');
    expect(neighbourTabId({ tabs, activeTabId: 'a' }, -1)).toBe('c');
    expect(neighbourTabId({ tabs, activeTabId: 'b' }, -1)).toBe('a');
    expect(neighbourTabId({ tabs: [tab('A', 'a')], activeTabId: 'a' }, 1)).toBe('a');
  });

  describe('the tab record fields of spec 002 section 3', () => {
    it('gives a new tab the record version, loaded, in browser storage, with no split or cursor of its own', () => {
      const state = addTab({ tabs: [tab('A', 'a')], activeTabId: 'a' }, 'n');
      expect(state.tabs[1]).toMatchObject({ version: 1, loaded: true, inLocalStorage: true });
      expect(state.tabs[1]?.northPercent).toBeUndefined();
      expect(state.tabs[1]?.cursorPosition).toBeUndefined();
      expect(tabNorthPercent(tab('A'))).toBe(initialNorthPercent);
      expect([initialNorthPercent, initialSouthPercent]).toEqual([30, 70]);
    });

    it('splits the tab in whole percents, keeping both panes between 10 and 90', () => {
      expect(splitChanges(42.4)).toEqual({ northPercent: 42, southPercent: 58 });
      expect(splitChanges(-20)).toEqual({ northPercent: 10, southPercent: 90 });
      expect(splitChanges(120)).toEqual({ northPercent: 90, southPercent: 10 });
      expect(tabNorthPercent({ northPercent: 64 })).toBe(64);
    });

    it('stamps updatedAt on an edit', () => {
      const state = editTab({ tabs: [tab('A', 'a'), tab('B', 'b')], activeTabId: 'a' }, 'a', { sql: 'SELECT 3' }, 1_700_000_000_000);
      expect(state.tabs[0]).toMatchObject({ sql: 'SELECT 3', updatedAt: 1_700_000_000_000 });
      expect(state.tabs[1]?.updatedAt).toBeUndefined();
    });

    it('reads back the split, the cursor, the version and the last edit; what is not valid is left out', () => {
      const stored = JSON.stringify({
        tabs: [
          { ...tab('A', 'a'), northPercent: 55, southPercent: 45, cursorPosition: { row: 2, column: 7 }, version: 1, updatedAt: 1_700_000_000_000 },
          { ...tab('B', 'b'), northPercent: 'high', southPercent: 140, cursorPosition: { row: -1, column: 2 }, updatedAt: 'yesterday' },
        ],
        activeTabId: 'a',
      });
      const [first, second] = parseStoredTabs(stored).tabs;
      expect(first).toMatchObject({
        northPercent: 55,
        southPercent: 45,
        cursorPosition: { row: 2, column: 7 },
        version: 1,
        updatedAt: 1_700_000_000_000,
        loaded: true,
        inLocalStorage: true,
      });
      expect(second).toMatchObject({ version: 1, loaded: true, inLocalStorage: true });
      expect(second?.northPercent).toBeUndefined();
      expect(second?.southPercent).toBeUndefined();
      expect(second?.cursorPosition).toBeUndefined();
      expect(second?.updatedAt).toBeUndefined();
    });
  });
});
