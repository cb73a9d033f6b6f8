import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { defaultTablePageSize, Pagination } from './Pagination';

describe('Pagination', () => {
  it('shows arrows, page numbers with ellipses and "x-y of z", and moves between pages', () => {
    const pages: number[] = [];
    renderWithTheme(<Pagination pageIndex={9} pageSize={10} count={195} onPageChange={(pageIndex) => pages.push(pageIndex)} />);
    expect(screen.getAllByTestId(testIds.pagination.page).map((button) => button.textContent)).toEqual(['1', '8', '9', '10', '11', '12', '20']);
    expect(screen.getAllByTestId(testIds.pagination.ellipsis)).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'Page 10' }).getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId(testIds.pagination.rangeText).textContent).toBe('91-100 of 195');
    fireEvent.click(screen.getByRole('button', { name: 'Previous page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    fireEvent.click(screen.getByRole('button', { name: 'Page 20' }));
    fireEvent.click(screen.getByRole('button', { name: 'Next 5 pages' }));
    fireEvent.click(screen.getByRole('button', { name: 'Previous 5 pages' }));
    expect(pages).toEqual([8, 10, 19, 14, 4]);
  });

  it('disables the previous arrow on the first page and the next arrow on the last', () => {
    const first = renderWithTheme(<Pagination pageIndex={0} pageSize={10} count={25} onPageChange={() => undefined} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Previous page' }).disabled).toBe(true);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next page' }).disabled).toBe(false);
    expect(screen.getByTestId(testIds.pagination.rangeText).textContent).toBe('1-10 of 25');
    first.unmount();
    renderWithTheme(<Pagination pageIndex={2} pageSize={10} count={25} onPageChange={() => undefined} />);
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Next page' }).disabled).toBe(true);
    expect(screen.getByTestId(testIds.pagination.rangeText).textContent).toBe('21-25 of 25');
    expect(screen.queryByTestId(testIds.pagination.ellipsis)).toBeNull();
  });

  it('pages tables by 10 rows unless they say otherwise', () => {
    expect(defaultTablePageSize).toBe(10);
  });
});
