import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { BulkSelectBar } from './BulkSelectBar';

const ignore = (): void => undefined;

describe('BulkSelectBar', () => {
  it('offers "Add Tag" once a row is picked, when tagging is on', () => {
    let opened = 0;
    const none = renderWithTheme(<BulkSelectBar selectedCount={0} onDeselectAll={ignore} onDelete={ignore} onClose={ignore} onAddTag={() => (opened += 1)} />);
    expect(screen.getByTestId(testIds.listView.selectedCount).textContent).toBe('0 Selected');
    expect(screen.queryByTestId(testIds.tags.addTag)).toBeNull();
    none.unmount();
    renderWithTheme(<BulkSelectBar selectedCount={2} onDeselectAll={ignore} onDelete={ignore} onClose={ignore} onAddTag={() => (opened += 1)} />);
    fireEvent.click(screen.getByTestId(testIds.tags.addTag));
    expect(screen.getByTestId(testIds.tags.addTag).textContent).toBe('Add Tag');
    expect(opened).toBe(1);
  });

  it('has no "Add Tag" without tagging', () => {
    renderWithTheme(<BulkSelectBar selectedCount={2} onDeselectAll={ignore} onDelete={ignore} onClose={ignore} />);
    expect(screen.getByTestId(testIds.listView.selectedCount).textContent).toBe('2 Selected');
    expect(screen.queryByTestId(testIds.tags.addTag)).toBeNull();
  });
});

describe('BulkSelectBar texts', () => {
  it('reads "%s Selected", "Deselect all", then the bulk actions and "Add Tag"', () => {
    const picked: string[] = [];
    renderWithTheme(
      <BulkSelectBar
        selectedCount={3}
        onDeselectAll={() => picked.push('deselect')}
        onDelete={() => picked.push('delete')}
        onExport={() => picked.push('export')}
        onClose={() => picked.push('close')}
        onAddTag={() => picked.push('tag')}
      />,
    );
    const bar = screen.getByTestId(testIds.listView.bulkBar);
    expect(Array.from(bar.querySelectorAll('strong, button')).map((element) => element.textContent)).toEqual(['3 Selected', 'Deselect all', 'Delete', 'Export', 'Add Tag', '✕']);
    for (const name of ['Deselect all', 'Delete', 'Export', 'Add Tag', 'Close bulk select']) fireEvent.click(screen.getByRole('button', { name }));
    expect(picked).toEqual(['deselect', 'delete', 'export', 'tag', 'close']);
  });
});
