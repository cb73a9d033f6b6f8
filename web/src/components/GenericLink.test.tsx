import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { GenericLink, isUrlExternal } from './GenericLink';

describe('link helper', () => {
  it('treats addresses with a scheme or a host as external, others as in-app', () => {
    expect(isUrlExternal('https://superset.apache.org')).toBe(true);
    expect(isUrlExternal('mailto:team@example.com')).toBe(true);
    expect(isUrlExternal('//cdn.example.com/x')).toBe(true);
    expect(isUrlExternal('/superset/dashboard/3/')).toBe(false);
    expect(isUrlExternal('chart/list/')).toBe(false);
    expect(isUrlExternal('#anchor')).toBe(false);
  });

  it('navigates inside the app for in-app addresses and links out otherwise', () => {
    render(
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route
            path="/"
            element={
              <>
                <GenericLink to="/chart/list/">Charts</GenericLink>
                <GenericLink to="https://superset.apache.org" opensNewTab>
                  Docs
                </GenericLink>
              </>
            }
          />
          <Route path="/chart/list/" element={<p>Chart list page</p>} />
        </Routes>
      </MemoryRouter>,
    );
    const external = screen.getByText('Docs');
    expect(external.getAttribute('href')).toBe('https://superset.apache.org');
    expect(external.getAttribute('target')).toBe('_blank');
    fireEvent.click(screen.getByText('Charts'));
    expect(screen.getByText('Chart list page')).not.toBeNull();
  });
});
