import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
import { styledDeclarationsOf } from '@/testLayout';
import { renderWithTheme } from '@/testRendering';
import { ImportModal } from './ImportModal';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const existsAnswer = {
  message: 'Error importing dashboard',
  errors: [
    {
      message: 'Error importing dashboard',
      error_type: 'GENERIC_COMMAND_ERROR',
      level: 'warning',
      extra: {
        messages: {
          'databases/pg.yaml': { _schema: ['Must provide a password for the database'] },
          'dashboards/d.yaml': 'Dashboard already exists and `overwrite=true` was not passed',
        },
      },
    },
  ],
};

describe('ImportModal', () => {
  let sentForms: FormData[];
  let imported: number;

  beforeEach(() => {
    sentForms = [];
    imported = 0;
    forgetCsrfToken();
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url.endsWith('/csrf_token/')) return Promise.resolve(jsonResponse(200, { result: 'token' }));
      sentForms.push(init.body as FormData);
      return Promise.resolve(sentForms.length === 1 ? jsonResponse(422, existsAnswer) : jsonResponse(200, { message: 'OK' }));
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('is 750 px wide (spec 001 section 9)', () => {
    renderWithTheme(<ImportModal resource="chart" resourceLabel="chart" pluralLabel="charts" onClose={() => undefined} onImported={() => undefined} />);
    expect(styledDeclarationsOf(screen.getByRole('dialog', { name: 'Import chart' }))).toContain('width:min(750px, 92vw);');
  });

  it('asks for passwords and a typed OVERWRITE, then imports with them', async () => {
    renderWithTheme(
      <ImportModal resource="dashboard" resourceLabel="dashboard" pluralLabel="dashboards" onClose={() => undefined} onImported={() => (imported += 1)} />,
    );
    expect(screen.getByRole('dialog', { name: 'Import dashboard' })).toBeTruthy();
    const submit = screen.getByTestId<HTMLButtonElement>(testIds.importModal.submit);
    expect(submit.disabled).toBe(true);
    const input = screen.getByTestId<HTMLInputElement>(testIds.importModal.fileInput);
    expect(input.accept).toBe('.yaml,.json,.yml,.zip');
    fireEvent.change(input, { target: { files: [new File(['PK'], 'bundle.zip')] } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    await screen.findByText('Database passwords');
    expect(screen.getByText('databases/pg.yaml')).toBeTruthy();
    expect(submit.textContent).toBe('Overwrite');
    expect(submit.disabled).toBe(true);
    fireEvent.change(screen.getByTestId(testIds.importModal.passwordInput), { target: { value: 'secret' } });
    fireEvent.change(screen.getByTestId(testIds.importModal.overwriteInput), { target: { value: 'overwrite' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    await waitFor(() => expect(imported).toBe(1));
    const second = sentForms[1];
    expect(second?.get('overwrite')).toBe('true');
    expect(second?.get('passwords')).toBe(JSON.stringify({ 'databases/pg.yaml': 'secret' }));
    expect((second?.get('formData') as File).name).toBe('bundle.zip');
  });

  it('adds the driver-install hint to the Import Error when the import needed passwords', async () => {
    const driverFailure = {
      message: 'Error importing database',
      errors: [{ message: 'Could not load database driver: oracle', error_type: 'GENERIC_COMMAND_ERROR', level: 'warning', extra: {} }],
    };
    vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
      if (url.endsWith('/csrf_token/')) return Promise.resolve(jsonResponse(200, { result: 'token' }));
      sentForms.push(init.body as FormData);
      return Promise.resolve(sentForms.length === 1 ? jsonResponse(422, existsAnswer) : jsonResponse(422, driverFailure));
    });
    renderWithTheme(<ImportModal resource="database" resourceLabel="database" pluralLabel="databases" onClose={() => undefined} onImported={() => (imported += 1)} />);
    fireEvent.change(screen.getByTestId(testIds.importModal.fileInput), { target: { files: [new File(['PK'], 'bundle.zip')] } });
    const submit = screen.getByTestId<HTMLButtonElement>(testIds.importModal.submit);
    fireEvent.click(submit);
    await screen.findByText('Database passwords');
    fireEvent.change(screen.getByTestId(testIds.importModal.passwordInput), { target: { value: 'secret' } });
    fireEvent.change(screen.getByTestId(testIds.importModal.overwriteInput), { target: { value: 'OVERWRITE' } });
    fireEvent.click(submit);

    const error = await screen.findByTestId(testIds.importModal.error);
    expect(error.textContent).toContain('Import Error');
    expect(error.textContent).toContain('importing database: Could not load database driver: oracle');
    const hint = screen.getByTestId(testIds.importModal.driverHint);
    expect(hint.textContent).toBe(
      'Database driver for importing maybe not installed. Visit the Superset documentation page for installation instructions: here.',
    );
    const link = screen.getByRole('link', { name: 'here' });
    expect(link.getAttribute('href')).toBe('https://superset.apache.org/docs/databases/installing-database-drivers');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(imported).toBe(0);
  });

  it('shows no driver-install hint when no password was needed', async () => {
    vi.stubGlobal('fetch', (url: string) => {
      if (url.endsWith('/csrf_token/')) return Promise.resolve(jsonResponse(200, { result: 'token' }));
      return Promise.resolve(jsonResponse(400, { message: 'Not a ZIP file' }));
    });
    renderWithTheme(<ImportModal resource="chart" resourceLabel="chart" pluralLabel="charts" onClose={() => undefined} onImported={() => undefined} />);
    fireEvent.change(screen.getByTestId(testIds.importModal.fileInput), { target: { files: [new File(['x'], 'bad.zip')] } });
    fireEvent.click(screen.getByTestId(testIds.importModal.submit));

    const error = await screen.findByTestId(testIds.importModal.error);
    expect(error.textContent).toContain('Please re-export your file and try importing again');
    expect(screen.queryByTestId(testIds.importModal.driverHint)).toBeNull();
  });
});
