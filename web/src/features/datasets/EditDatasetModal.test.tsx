import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { forgetCsrfToken } from '@/api/client';
import type { Dataset } from '@/api/generated/Dataset';
import { testIds } from '@/testIds';
import { styledDeclarationsOf } from '@/testLayout';
import { renderWithTheme } from '@/testRendering';
import { confirmSaveQuestion, confirmSaveWarning, managedExternallyTooltip } from './api';
import { birthNames } from './datasetTestData';
import { EditDatasetModal } from './EditDatasetModal';

interface Sent {
  method: string;
  path: string;
  body: unknown;
}

/** The server of the dialog: the dataset's reads, its save (answered by `answerPut`), owners. */
function stubServer(dataset: Dataset, answerPut: () => Promise<Response>): Sent[] {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    sent.push({ method, path, body: typeof init.body === 'string' ? (JSON.parse(init.body) as unknown) : null });
    if (path.endsWith('/csrf_token/')) return Promise.resolve(Response.json({ result: 'token' }));
    if (method === 'PUT') return answerPut();
    if (path === `/api/v1/dataset/${dataset.id}`) return Promise.resolve(Response.json({ id: dataset.id, result: dataset }));
    return Promise.resolve(Response.json({ count: 0, result: [] }));
  });
  return sent;
}

interface RenderedEditor {
  sent: Sent[];
  onClose: ReturnType<typeof vi.fn>;
  onSaved: ReturnType<typeof vi.fn>;
}

function renderEditor(dataset: Dataset, answerPut: () => Promise<Response> = () => Promise.resolve(Response.json({ id: dataset.id, result: dataset }))): RenderedEditor {
  const sent = stubServer(dataset, answerPut);
  const onClose = vi.fn();
  const onSaved = vi.fn();
  renderWithTheme(<EditDatasetModal datasetId={dataset.id} onClose={onClose} onSaved={onSaved} />);
  return { sent, onClose, onSaved };
}

function saveButton(): HTMLButtonElement {
  return screen.getByTestId<HTMLButtonElement>(testIds.datasetEditor.save);
}

async function editFirstMetricLabel(label: string): Promise<void> {
  fireEvent.click(await screen.findByTestId(testIds.datasetEditor.tabMetrics));
  fireEvent.change(screen.getAllByTestId(testIds.datasetEditor.metricVerboseName)[0] as HTMLElement, { target: { value: label } });
}

describe('EditDatasetModal', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCsrfToken();
  });

  it("is titled 'Edit Dataset {table name}' with the source, metrics, columns, calculated columns and settings tabs", async () => {
    renderEditor(birthNames());
    const dialog = await screen.findByRole('dialog', { name: 'Edit Dataset birth_names' });
    expect(within(dialog).getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Source', 'Metrics', 'Columns', 'Calculated columns', 'Settings']);
  });

  it('has 900 px high content in an 800 px wide dialog (spec 001 section 9)', async () => {
    renderEditor(birthNames());
    await screen.findByTestId(testIds.datasetEditor.tabMetrics);
    const dialog = screen.getByTestId(testIds.datasetEditor.dialog);
    expect(styledDeclarationsOf(within(dialog).getByTestId(testIds.modal.body))).toContain('height:900px;');
    expect(styledDeclarationsOf(dialog)).toContain('width:min(800px, 92vw);');
  });

  it('disables Save for a dataset managed externally, with the tooltip', async () => {
    renderEditor(birthNames({ is_managed_externally: true }));
    await screen.findByRole('dialog', { name: 'Edit Dataset birth_names' });
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByTestId(testIds.datasetEditor.saveTooltip).title).toBe(managedExternallyTooltip);
  });

  it("disables Save while a value is not a whole number: 'is expected to be an integer'", async () => {
    renderEditor(birthNames());
    fireEvent.click(await screen.findByTestId(testIds.datasetEditor.tabSettings));
    fireEvent.change(screen.getByTestId(testIds.datasetEditor.cacheTimeout), { target: { value: '1.5' } });
    expect(saveButton().disabled).toBe(true);
    expect(screen.getByTestId(testIds.datasetEditor.validationError).textContent).toBe('Cache timeout is expected to be an integer');
    expect(screen.getByTestId(testIds.datasetEditor.saveTooltip).title).toBe('');
    fireEvent.change(screen.getByTestId(testIds.datasetEditor.cacheTimeout), { target: { value: '600' } });
    expect(saveButton().disabled).toBe(false);
  });

  it('confirms with the warning, saves, reads the dataset again, says so and closes', async () => {
    let finishPut: (response: Response) => void = () => undefined;
    const { sent, onClose, onSaved } = renderEditor(birthNames(), () => new Promise((resolve) => (finishPut = resolve)));
    await editFirstMetricLabel('Births');
    fireEvent.click(saveButton());

    const confirm = screen.getByTestId(testIds.datasetEditor.confirm);
    expect(within(confirm).getByRole('heading').textContent).toBe('Confirm save');
    expect(within(confirm).getByRole('alert').textContent).toBe(confirmSaveWarning);
    expect(confirm.textContent).toContain(confirmSaveQuestion);
    fireEvent.click(within(confirm).getByTestId(testIds.datasetEditor.confirmOk));

    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    expect(saveButton().disabled).toBe(true);
    const put = sent.find((request) => request.method === 'PUT');
    expect(put?.path).toBe('/api/v1/dataset/3?override_columns=false');
    expect(put?.body).toMatchObject({ table_name: 'birth_names', owners: [1], cache_timeout: null, metrics: [{ id: 20, verbose_name: 'Births' }] });

    await act(() => {
      finishPut(Response.json({ id: 3, result: birthNames() }));
      return Promise.resolve();
    });
    expect(await screen.findByText('The dataset has been saved')).toBeTruthy();
    const reads = sent.filter((request) => request.method === 'GET' && request.path === '/api/v1/dataset/3');
    expect(reads.length).toBe(2);
    expect(onSaved).toHaveBeenCalledWith(expect.objectContaining({ id: 3, table_name: 'birth_names' }));
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it("saves a column's Warning as its extra's warning_markdown, keeping the other keys", async () => {
    const { sent } = renderEditor(birthNames());
    fireEvent.click(await screen.findByTestId(testIds.datasetEditor.tabColumns));
    const [firstWarning] = screen.getAllByTestId(testIds.datasetEditor.columnWarningMarkdown);
    fireEvent.change(firstWarning as HTMLElement, { target: { value: 'Counts **test** rows' } });
    fireEvent.click(saveButton());
    fireEvent.click(within(screen.getByTestId(testIds.datasetEditor.confirm)).getByTestId(testIds.datasetEditor.confirmOk));

    await waitFor(() => expect(sent.some((request) => request.method === 'PUT')).toBe(true));
    const put = sent.find((request) => request.method === 'PUT')?.body as { columns: { column_name: string; extra: string }[] };
    expect(JSON.parse(put.columns[0]?.extra ?? '')).toEqual({
      owner: 'ops',
      certification: { certified_by: 'Data team', details: 'Checked' },
      warning_markdown: 'Counts **test** rows',
    });
  });

  it("shows 'Error saving dataset' with the first server error and enables Save again", async () => {
    const refusal = Response.json(
      { errors: [{ message: 'Dataset could not be updated.', error_type: 'GENERIC_BACKEND_ERROR', level: 'error', extra: {} }] },
      { status: 422 },
    );
    const { onClose } = renderEditor(birthNames(), () => Promise.resolve(refusal));
    await editFirstMetricLabel('Births');
    fireEvent.click(saveButton());
    fireEvent.click(screen.getByTestId(testIds.datasetEditor.confirmOk));

    const errorDialog = await screen.findByTestId(testIds.datasetEditor.errorDialog);
    expect(within(errorDialog).getByRole('heading').textContent).toBe('Error saving dataset');
    expect(errorDialog.textContent).toContain('Dataset could not be updated.');
    expect(saveButton().disabled).toBe(false);
    fireEvent.click(within(errorDialog).getByTestId(testIds.datasetEditor.errorDialogOk));
    expect(screen.queryByTestId(testIds.datasetEditor.errorDialog)).toBeNull();
    expect(onClose).not.toHaveBeenCalled();
  });

  it("shows a field error's text when the server answers field messages", async () => {
    const refusal = Response.json({ message: { cache_timeout: ['is expected to be an integer'] } }, { status: 400 });
    renderEditor(birthNames(), () => Promise.resolve(refusal));
    await editFirstMetricLabel('Births');
    fireEvent.click(saveButton());
    fireEvent.click(screen.getByTestId(testIds.datasetEditor.confirmOk));
    expect((await screen.findByTestId(testIds.datasetEditor.errorDialog)).textContent).toContain('is expected to be an integer');
  });

  it('closes on a click on the mask until something is edited', async () => {
    const untouched = renderEditor(birthNames());
    await screen.findByRole('dialog', { name: 'Edit Dataset birth_names' });
    fireEvent.mouseDown(screen.getByTestId(testIds.modal.mask));
    expect(untouched.onClose).toHaveBeenCalledTimes(1);
  });

  it('stays open on a click on the mask while editing', async () => {
    const { onClose } = renderEditor(birthNames());
    await editFirstMetricLabel('Births');
    fireEvent.mouseDown(screen.getByTestId(testIds.modal.mask));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog', { name: 'Edit Dataset birth_names' })).toBeTruthy();
  });
});
