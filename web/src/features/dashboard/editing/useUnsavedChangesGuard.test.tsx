import { act, fireEvent, screen } from '@testing-library/react';
import type { JSX } from 'react';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { UnsavedChangesModal } from './UnsavedChangesModal';
import { unsavedChangesMessage, useUnsavedChangesGuard } from './useUnsavedChangesGuard';

function EditedDashboard({ hasUnsavedChanges, onDiscard }: { hasUnsavedChanges: boolean; onDiscard: () => void }): JSX.Element {
  const guard = useUnsavedChangesGuard(hasUnsavedChanges, onDiscard);
  return (
    <>
      <button type="button" onClick={guard.requestDiscard}>
        Discard
      </button>
      <Link to="/chart/list/">Charts</Link>
      <Link to="/superset/dashboard/1/?edit=true&native_filters_key=k">Same page</Link>
      {guard.pendingLeave !== null && <UnsavedChangesModal pendingLeave={guard.pendingLeave} onConfirm={guard.confirmLeave} onCancel={guard.cancelLeave} />}
    </>
  );
}

function renderGuard(hasUnsavedChanges: boolean): { onDiscard: ReturnType<typeof vi.fn>; router: ReturnType<typeof createMemoryRouter> } {
  const onDiscard = vi.fn();
  const router = createMemoryRouter(
    [
      { path: '/superset/dashboard/:id/', element: <EditedDashboard hasUnsavedChanges={hasUnsavedChanges} onDiscard={onDiscard} /> },
      { path: '/chart/list/', element: <p>Chart list</p> },
    ],
    { initialEntries: ['/superset/dashboard/1/?edit=true'] },
  );
  renderWithTheme(<RouterProvider router={router} />);
  return { onDiscard, router };
}

/** Whether a `beforeunload` (closing or reloading the tab) is held for the browser's prompt. */
function beforeUnloadIsPrevented(): boolean {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
}

describe('unsaved changes in edit mode', () => {
  it("asks before discarding: 'You have unsaved changes.'; Keep editing stays, Discard discards", () => {
    const { onDiscard } = renderGuard(true);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    const modal = screen.getByTestId(testIds.dashboardEdit.unsavedChangesModal);
    expect(modal.textContent).toContain('You have unsaved changes.');
    expect(unsavedChangesMessage).toBe('You have unsaved changes.');
    expect(onDiscard).not.toHaveBeenCalled();
    fireEvent.click(screen.getByTestId(testIds.dashboardEdit.unsavedChangesStayButton));
    expect(screen.queryByTestId(testIds.dashboardEdit.unsavedChangesModal)).toBeNull();
    expect(onDiscard).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(screen.getByTestId(testIds.dashboardEdit.unsavedChangesLeaveButton).textContent).toBe('Discard');
    fireEvent.click(screen.getByTestId(testIds.dashboardEdit.unsavedChangesLeaveButton));
    expect(onDiscard).toHaveBeenCalledOnce();
    expect(screen.queryByTestId(testIds.dashboardEdit.unsavedChangesModal)).toBeNull();
  });

  it('asks before another page of the app opens; the same page with other parameters is not held', async () => {
    const { router } = renderGuard(true);
    fireEvent.click(screen.getByRole('link', { name: 'Charts' }));
    expect(await screen.findByTestId(testIds.dashboardEdit.unsavedChangesModal)).toBeTruthy();
    expect(screen.getByTestId(testIds.dashboardEdit.unsavedChangesLeaveButton).textContent).toBe('Leave page');
    expect(router.state.location.pathname).toBe('/superset/dashboard/1/');
    fireEvent.click(screen.getByTestId(testIds.dashboardEdit.unsavedChangesStayButton));
    expect(router.state.location.pathname).toBe('/superset/dashboard/1/');

    fireEvent.click(screen.getByRole('link', { name: 'Same page' }));
    await act(() => Promise.resolve());
    expect(router.state.location.search).toBe('?edit=true&native_filters_key=k');
    expect(screen.queryByTestId(testIds.dashboardEdit.unsavedChangesModal)).toBeNull();

    fireEvent.click(screen.getByRole('link', { name: 'Charts' }));
    fireEvent.click(await screen.findByTestId(testIds.dashboardEdit.unsavedChangesLeaveButton));
    expect(await screen.findByText('Chart list')).toBeTruthy();
  });

  it("sets the browser's leave prompt while there are unsaved changes only", () => {
    renderGuard(true);
    expect(beforeUnloadIsPrevented()).toBe(true);
  });

  it('lets everything go at once without unsaved changes', async () => {
    const { onDiscard } = renderGuard(false);
    expect(beforeUnloadIsPrevented()).toBe(false);
    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onDiscard).toHaveBeenCalledOnce();
    expect(screen.queryByTestId(testIds.dashboardEdit.unsavedChangesModal)).toBeNull();
    fireEvent.click(screen.getByRole('link', { name: 'Charts' }));
    expect(await screen.findByText('Chart list')).toBeTruthy();
  });
});
