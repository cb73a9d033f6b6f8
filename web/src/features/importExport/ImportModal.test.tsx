import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import { testIds } from '@/testIds';
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
});
