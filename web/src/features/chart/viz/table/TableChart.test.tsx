import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { ChartColumn } from '@/features/chart/chartColumns';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { buildTheme } from '@/theme/tokens';
import { noMatchingRecordsMessage, noRecordsMessage, TableChart } from './TableChart';
import { defaultTableDisplayOptions, type TableDisplayOptions } from './tableOptions';
import { giveElementsHeight, styledDeclarationsOf } from '@/testLayout';

const columns: ChartColumn[] = [
  { name: 'gender', genericType: 1, values: ['boy', 'girl', null] },
  { name: 'SUM(num)', genericType: 0, values: [48133355, 32546308, 1200] },
];

function bodyTexts(): string[][] {
  return screen.getAllByTestId(testIds.tableChart.row).map((row) =>
    within(row).getAllByTestId(testIds.tableChart.cell).map((cell) => cell.textContent),
  );
}

describe('TableChart', () => {
  giveElementsHeight();

  it('shows the colnames and formatted rows, with N/A for null', () => {
    renderWithTheme(<TableChart columns={columns} rowCount={3} />);
    expect(screen.getAllByTestId(testIds.tableChart.headerCell).map((cell) => cell.textContent)).toEqual(['gender↕', 'SUM(num)↕']);
    expect(bodyTexts()).toEqual([
      ['boy', '48,133,355'],
      ['girl', '32,546,308'],
      ['N/A', '1,200'],
    ]);
  });

  it('with allow_rearrange_columns, a header dragged onto another moves its column there, sorting still by that column', () => {
    renderWithTheme(<TableChart columns={columns} rowCount={3} options={{ ...defaultTableDisplayOptions, allowRearrangeColumns: true }} />);
    const headers = screen.getAllByTestId(testIds.tableChart.headerCell);
    expect(headers.map((header) => header.getAttribute('draggable'))).toEqual(['true', 'true']);
    const dataTransfer = { setData: () => undefined, effectAllowed: 'all' };
    fireEvent.dragStart(headers[1] as HTMLElement, { dataTransfer });
    expect(headers[0]?.getAttribute('data-drop-target')).toBe('true');
    fireEvent.dragOver(headers[0] as HTMLElement, { dataTransfer });
    fireEvent.drop(headers[0] as HTMLElement, { dataTransfer });

    expect(screen.getAllByTestId(testIds.tableChart.headerCell).map((cell) => cell.textContent)).toEqual(['SUM(num)↕', 'gender↕']);
    expect(bodyTexts()).toEqual([
      ['48,133,355', 'boy'],
      ['32,546,308', 'girl'],
      ['1,200', 'N/A'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: /^gender/ }));
    expect(bodyTexts().map((row) => row[1])).toEqual(['boy', 'girl', 'N/A']);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.getAttribute('aria-sort'))).toEqual(['none', 'ascending']);
  });

  it('keeps the columns in place without allow_rearrange_columns', () => {
    renderWithTheme(<TableChart columns={columns} rowCount={3} />);
    const headers = screen.getAllByTestId(testIds.tableChart.headerCell);
    expect(headers.map((header) => header.getAttribute('draggable'))).toEqual([null, null]);
    fireEvent.dragStart(headers[1] as HTMLElement);
    fireEvent.drop(headers[0] as HTMLElement);
    expect(screen.getAllByTestId(testIds.tableChart.headerCell).map((cell) => cell.textContent)).toEqual(['gender↕', 'SUM(num)↕']);
  });

  it('sorts by a column on click: ascending, then descending, then back to the query order', () => {
    renderWithTheme(<TableChart columns={columns} rowCount={3} />);
    const sumHeader = screen.getByRole('button', { name: /SUM\(num\)/ });

    fireEvent.click(sumHeader);
    expect(bodyTexts().map((row) => row[1])).toEqual(['1,200', '32,546,308', '48,133,355']);
    expect(screen.getAllByRole('columnheader')[1]?.getAttribute('aria-sort')).toBe('ascending');

    fireEvent.click(sumHeader);
    expect(bodyTexts().map((row) => row[1])).toEqual(['48,133,355', '32,546,308', '1,200']);

    fireEvent.click(sumHeader);
    expect(bodyTexts().map((row) => row[0])).toEqual(['boy', 'girl', 'N/A']);
  });

  it('shift-click sorts by a second column within the first, cycling it ascending, descending, off', () => {
    const births: ChartColumn[] = [
      { name: 'gender', genericType: 1, values: ['boy', 'girl', 'boy', 'girl'] },
      { name: 'state', genericType: 1, values: ['CA', 'NY', 'NY', 'CA'] },
      { name: 'SUM(num)', genericType: 0, values: [30, 10, 20, 40] },
    ];
    renderWithTheme(<TableChart columns={births} rowCount={4} />);
    const header = (name: RegExp): HTMLElement => screen.getByRole('button', { name });
    const ariaSorts = (): (string | null)[] => screen.getAllByRole('columnheader').map((cell) => cell.getAttribute('aria-sort'));

    fireEvent.click(header(/^gender/));
    fireEvent.click(header(/^SUM\(num\)/), { shiftKey: true });
    expect(bodyTexts()).toEqual([
      ['boy', 'NY', '20'],
      ['boy', 'CA', '30'],
      ['girl', 'NY', '10'],
      ['girl', 'CA', '40'],
    ]);
    expect(ariaSorts()).toEqual(['ascending', 'none', 'ascending']);
    expect(screen.getAllByTestId(testIds.tableChart.sortPriority).map((mark) => mark.textContent)).toEqual(['1', '2']);

    fireEvent.click(header(/^SUM\(num\)/), { shiftKey: true });
    expect(bodyTexts().map((row) => row[2])).toEqual(['30', '20', '40', '10']);
    expect(ariaSorts()).toEqual(['ascending', 'none', 'descending']);

    fireEvent.click(header(/^SUM\(num\)/), { shiftKey: true });
    expect(bodyTexts().map((row) => row[2])).toEqual(['30', '20', '10', '40']);
    expect(ariaSorts()).toEqual(['ascending', 'none', 'none']);
    expect(screen.queryByTestId(testIds.tableChart.sortPriority)).toBeNull();
  });

  it('a plain click after a multi-sort sorts by the clicked column alone', () => {
    const births: ChartColumn[] = [
      { name: 'gender', genericType: 1, values: ['boy', 'girl', 'boy'] },
      { name: 'SUM(num)', genericType: 0, values: [30, 10, 20] },
    ];
    renderWithTheme(<TableChart columns={births} rowCount={3} />);
    fireEvent.click(screen.getByRole('button', { name: /^gender/ }));
    fireEvent.click(screen.getByRole('button', { name: /^SUM\(num\)/ }), { shiftKey: true });
    fireEvent.click(screen.getByRole('button', { name: /^SUM\(num\)/ }));
    expect(bodyTexts().map((row) => row[1])).toEqual(['10', '20', '30']);
    expect(screen.getAllByRole('columnheader').map((cell) => cell.getAttribute('aria-sort'))).toEqual(['none', 'ascending']);
  });

  it('renders only a window of a large result', () => {
    const manyRows = Array.from({ length: 5000 }, (_unused, index) => index);
    renderWithTheme(<TableChart columns={[{ name: 'n', genericType: 0, values: manyRows }]} rowCount={5000} />);
    const renderedRows = screen.getAllByTestId(testIds.tableChart.row).length;
    expect(renderedRows).toBeGreaterThan(10);
    expect(renderedRows).toBeLessThan(100);
  });

  const numbers = Array.from({ length: 45 }, (_unused, index) => index + 1);
  const numberColumns: ChartColumn[] = [
    { name: 'name', genericType: 1, values: numbers.map((number) => `name ${number}`) },
    { name: 'n', genericType: 0, values: numbers },
  ];

  function renderNumbers(options: Partial<TableDisplayOptions>): void {
    renderWithTheme(<TableChart columns={numberColumns} rowCount={45} options={{ ...defaultTableDisplayOptions, ...options }} />);
  }

  function shownNames(): string[] {
    return bodyTexts().map((row) => row[0] ?? '');
  }

  it('shows pages of page_length rows, with page buttons and a page size select', () => {
    renderNumbers({ pageLength: 10 });
    expect(shownNames()).toHaveLength(10);
    expect(shownNames()[0]).toBe('name 1');
    const pages = screen.getAllByTestId(testIds.tableChart.pageButton);
    expect(pages.map((page) => page.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(pages[0]?.getAttribute('aria-current')).toBe('page');

    fireEvent.click(pages[4] as HTMLElement);
    expect(shownNames()).toEqual(['name 41', 'name 42', 'name 43', 'name 44', 'name 45']);

    const pageSize = screen.getByTestId<HTMLSelectElement>(testIds.tableChart.pageSizeSelect);
    expect([...pageSize.options].map((option) => option.textContent)).toEqual(['All', '10', '20', '50']);
    fireEvent.change(pageSize, { target: { value: '20' } });
    expect(shownNames()).toHaveLength(20);
    expect(shownNames()[0]).toBe('name 1');
    expect(screen.getAllByTestId(testIds.tableChart.pageButton)).toHaveLength(3);

    // All: every row in one virtualized list.
    fireEvent.change(pageSize, { target: { value: '0' } });
    expect(shownNames().length).toBeGreaterThan(20);
    expect(screen.getByTestId(testIds.tableChart.table).getAttribute('aria-rowcount')).toBe('46');
    expect(screen.queryByTestId(testIds.tableChart.pagination)).toBeNull();
  });

  it('has no pagination or page size select without page_length', () => {
    renderNumbers({ pageLength: 0 });
    expect(shownNames().length).toBeGreaterThan(20);
    expect(screen.queryByTestId(testIds.tableChart.pageSizeSelect)).toBeNull();
    expect(screen.queryByTestId(testIds.tableChart.pagination)).toBeNull();
  });

  it('sorts across pages: the first page of a descending sort holds the largest values', () => {
    renderNumbers({ pageLength: 10 });
    const header = screen.getByRole('button', { name: 'n' });
    fireEvent.click(header);
    fireEvent.click(header);
    expect(bodyTexts().map((row) => row[1])).toEqual(['45', '44', '43', '42', '41', '40', '39', '38', '37', '36']);
  });

  it('filters rows with the search box, back to the first page', () => {
    renderNumbers({ pageLength: 10, includeSearch: true });
    const search = screen.getByTestId<HTMLInputElement>(testIds.tableChart.search);
    expect(search.placeholder).toBe('45 records');
    fireEvent.click(screen.getAllByTestId(testIds.tableChart.pageButton)[2] as HTMLElement);

    fireEvent.change(search, { target: { value: 'NAME 4' } });
    expect(shownNames()).toEqual(['name 4', 'name 40', 'name 41', 'name 42', 'name 43', 'name 44', 'name 45']);
    expect(screen.queryByTestId(testIds.tableChart.pagination)).toBeNull();

    fireEvent.change(search, { target: { value: '1' } });
    // 1, 10-19, 21, 31, 41 by name (and the same numbers in n): 14 rows, two pages.
    expect(shownNames()).toHaveLength(10);
    expect(screen.getByTestId(testIds.tableChart.table).getAttribute('aria-rowcount')).toBe('15');
    expect(screen.getAllByTestId(testIds.tableChart.pageButton)).toHaveLength(2);

    fireEvent.change(search, { target: { value: 'nothing' } });
    expect(screen.queryAllByTestId(testIds.tableChart.row)).toHaveLength(0);
    expect(screen.getByText(noMatchingRecordsMessage)).toBeTruthy();
  });

  it('says so when it has no rows at all', () => {
    renderWithTheme(<TableChart columns={[{ name: 'n', genericType: 0, values: [] }]} rowCount={0} />);
    expect(screen.queryAllByTestId(testIds.tableChart.row)).toHaveLength(0);
    expect(screen.getByText(noRecordsMessage)).toBeTruthy();
  });

  it('takes its header, borders and text from the dark tokens', () => {
    const light = buildTheme('default');
    const dark = buildTheme('dark');
    renderWithTheme(<TableChart columns={columns} rowCount={3} />, 'dark');
    const header = getComputedStyle(screen.getAllByTestId(testIds.tableChart.headerCell)[0] as HTMLElement);
    expect(header.backgroundColor.toUpperCase()).toBe(dark.colors.surface);
    expect(header.borderBottomColor.toUpperCase()).toBe(dark.colors.border);
    const cell = getComputedStyle(screen.getAllByTestId(testIds.tableChart.cell)[0] as HTMLElement);
    expect(cell.borderBottomColor.toUpperCase()).toBe(dark.colors.border);
    expect(getComputedStyle(screen.getByTestId(testIds.tableChart.table)).color.toUpperCase()).toBe(dark.colors.text);
    expect([dark.colors.surface, dark.colors.border, dark.colors.text]).not.toEqual([light.colors.surface, light.colors.border, light.colors.text]);
  });

  it('has no search box unless include_search', () => {
    renderNumbers({});
    expect(screen.queryByTestId(testIds.tableChart.search)).toBeNull();
  });

  function barWidths(): Record<string, string> {
    return Object.fromEntries(
      screen.getAllByTestId(testIds.tableChart.row).map((row) => {
        const cells = within(row).getAllByTestId(testIds.tableChart.cell);
        const bar = within(cells[1] as HTMLElement).queryByTestId(testIds.tableChart.cellBar);
        return [cells[0]?.textContent ?? '', bar === null ? 'none' : `${bar.style.left} ${bar.style.width}`];
      }),
    );
  }

  const signedColumns: ChartColumn[] = [
    { name: 'state', genericType: 1, values: ['CA', 'NY', 'TX', 'WA'] },
    { name: 'delta', genericType: 0, values: [75, -25, 30, null] },
  ];

  it('draws cell bars on metric columns in proportion to the values, around the zero axis', () => {
    renderWithTheme(<TableChart columns={signedColumns} rowCount={4} barColumnNames={new Set(['delta'])} />);
    expect(barWidths()).toEqual({ CA: '25% 75%', NY: '0% 25%', TX: '25% 30%', WA: 'none' });
    const negativeBar = screen.getAllByTestId(testIds.tableChart.cellBar)[1] as HTMLElement;
    expect(negativeBar.style.background.replace(/ /g, '')).toBe('rgba(150,0,0,0.2)');
  });

  it('aligns bars at the left with align_pn and greys negatives without color_pn', () => {
    renderWithTheme(
      <TableChart
        columns={signedColumns}
        rowCount={4}
        barColumnNames={new Set(['delta'])}
        options={{ ...defaultTableDisplayOptions, alignPositiveNegative: true, colorPositiveNegative: false }}
      />,
    );
    expect(barWidths()).toEqual({ CA: '0% 100%', NY: '0% 33%', TX: '0% 40%', WA: 'none' });
    const negativeBar = screen.getAllByTestId(testIds.tableChart.cellBar)[1] as HTMLElement;
    expect(negativeBar.style.background.replace(/ /g, '')).toBe('rgba(0,0,0,0.2)');
  });

  it('draws no bars when show_cell_bars is off or on columns that are not metrics', () => {
    renderWithTheme(
      <TableChart columns={signedColumns} rowCount={4} barColumnNames={new Set(['delta'])} options={{ ...defaultTableDisplayOptions, showCellBars: false }} />,
    );
    expect(screen.queryAllByTestId(testIds.tableChart.cellBar)).toHaveLength(0);
  });

  it("follows each column's column_config: width, alignment and its own cell bar options over the chart's", () => {
    const twoMetrics: ChartColumn[] = [...signedColumns, { name: 'total', genericType: 0, values: [10, 20, 30, 40] }];
    const columnFormats = new Map([
      ['delta', { columnWidth: 120, horizontalAlign: 'center' as const, alignPositiveNegative: true, colorPositiveNegative: false }],
      ['total', { showCellBars: false, horizontalAlign: 'left' as const }],
    ]);
    renderWithTheme(
      <TableChart
        columns={twoMetrics}
        rowCount={4}
        barColumnNames={new Set(['delta', 'total'])}
        options={{ ...defaultTableDisplayOptions, cellFormats: { ...defaultTableDisplayOptions.cellFormats, columnFormats } }}
      />,
    );
    const deltaCells = screen.getAllByTestId(testIds.tableChart.cell).filter((cell) => cell.dataset.column === 'delta');
    expect(deltaCells[0]?.style.width).toBe('120px');
    expect(screen.getAllByTestId(testIds.tableChart.headerCell)[1]?.style.width).toBe('120px');
    expect(styledDeclarationsOf(deltaCells[0] as HTMLElement)).toContain('text-align:center;');
    const totalCell = screen.getAllByTestId(testIds.tableChart.cell).find((cell) => cell.dataset.column === 'total');
    expect(styledDeclarationsOf(totalCell as HTMLElement)).toContain('text-align:left;');
    // delta: aligned at the left, negatives grey; total: no bars at all.
    expect(barWidths()).toEqual({ CA: '0% 100%', NY: '0% 33%', TX: '0% 40%', WA: 'none' });
    expect(screen.getAllByTestId(testIds.tableChart.cellBar)).toHaveLength(3);
    expect((screen.getAllByTestId(testIds.tableChart.cellBar)[1] as HTMLElement).style.background.replace(/ /g, '')).toBe('rgba(0,0,0,0.2)');
  });

  it('colours the cells matching a conditional formatting rule, and then draws no bars', () => {
    renderWithTheme(
      <TableChart
        columns={signedColumns}
        rowCount={4}
        barColumnNames={new Set(['delta'])}
        options={{
          ...defaultTableDisplayOptions,
          conditionalFormatting: [{ column: 'delta', operator: '>', targetValue: 0, colorScheme: '#ACE1C4' }],
        }}
      />,
    );
    const backgrounds = screen.getAllByTestId(testIds.tableChart.cell).flatMap((cell) =>
      cell.getAttribute('data-column') === 'delta' ? [cell.style.backgroundColor] : [],
    );
    // 75 is the extreme (opaque); 30 is 40 percent of the way from 0: 0.05 + 0.95 * 0.4 = 0.43.
    expect(backgrounds.map((color) => color.toUpperCase())).toEqual(['#ACE1C4FF', '', '#ACE1C46E', '']);
    expect(screen.queryAllByTestId(testIds.tableChart.cellBar)).toHaveLength(0);
  });

  it('colours the string cells a text rule matches', () => {
    renderWithTheme(
      <TableChart
        columns={columns}
        rowCount={3}
        options={{
          ...defaultTableDisplayOptions,
          conditionalFormatting: [{ column: 'gender', operator: 'begins with', targetText: 'gi', colorScheme: '#EFA1AA' }],
        }}
      />,
    );
    const backgrounds = screen.getAllByTestId(testIds.tableChart.cell).flatMap((cell) =>
      cell.getAttribute('data-column') === 'gender' ? [cell.style.backgroundColor] : [],
    );
    expect(backgrounds.map((color) => color.toUpperCase())).toEqual(['', '#EFA1AAFF', '']);
  });
});

describe('TableChart: virtual rows and column resizing', () => {
  giveElementsHeight();

  const manyRows: ChartColumn[] = [
    { name: 'name', genericType: 1, values: Array.from({ length: 300 }, (_, index) => `name ${index + 1}`) },
    { name: 'n', genericType: 0, values: Array.from({ length: 300 }, (_, index) => index + 1) },
  ];

  /** The heights (px) of the spacer rows standing for the rows not rendered. */
  function spacerHeights(): number[] {
    return Array.from(screen.getByTestId(testIds.tableChart.table).querySelectorAll('tbody tr[aria-hidden]'), (row) =>
      parseFloat((row as HTMLElement).style.height),
    );
  }

  it.each([
    [undefined, 39],
    ['small', 39],
    ['middle', 47],
  ] as const)('lays out the virtual rows %s-sized at %i px each', (size, rowHeight) => {
    renderWithTheme(<TableChart columns={manyRows} rowCount={300} options={{ ...defaultTableDisplayOptions, pageLength: 0 }} size={size} />);
    const renderedRows = screen.getAllByTestId(testIds.tableChart.row).length;
    expect(renderedRows).toBeLessThan(300);
    // The rows not rendered are held by a spacer of their height.
    expect(spacerHeights()).toEqual([(300 - renderedRows) * rowHeight]);
    expect(screen.getAllByTestId(testIds.tableChart.row)[0]?.getAttribute('aria-rowindex')).toBe('2');
  });

  it('resizes a column by dragging its header border (within 8 px), without sorting', () => {
    renderWithTheme(<TableChart columns={manyRows} rowCount={300} options={{ ...defaultTableDisplayOptions, pageLength: 0 }} />);
    const [nameHeader] = screen.getAllByTestId(testIds.tableChart.headerCell);
    if (nameHeader === undefined) throw new Error('no header');
    nameHeader.getBoundingClientRect = () => ({ left: 0, right: 120, width: 120, top: 0, bottom: 32, height: 32, x: 0, y: 0, toJSON: () => ({}) });

    fireEvent.mouseDown(nameHeader, { clientX: 110, button: 0 });
    fireEvent.mouseMove(document, { clientX: 190 });
    fireEvent.mouseUp(document);
    expect(nameHeader.style.width).toBe('');

    fireEvent.mouseDown(nameHeader, { clientX: 114, button: 0 });
    fireEvent.mouseMove(document, { clientX: 194 });
    fireEvent.mouseUp(document);
    fireEvent.click(screen.getByRole('button', { name: /^name/ }));
    expect(nameHeader.style.width).toBe('200px');
    expect(nameHeader.getAttribute('aria-sort')).toBe('none');
    const firstNameCell = screen.getAllByTestId(testIds.tableChart.cell).find((cell) => cell.getAttribute('data-column') === 'name');
    expect(firstNameCell?.style.width).toBe('200px');
  });
});
