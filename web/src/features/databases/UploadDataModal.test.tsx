import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { UploadDataModal, uploadRowsText } from './UploadDataModal';
import { hasUploadExtension, invalidExtensionMessage, uploadAccept } from './uploadTypes';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

const databases = {
  count: 2,
  result: [
    { id: 1, database_name: 'examples', allow_file_upload: false },
    { id: 7, database_name: 'uploads', allow_file_upload: true },
  ],
};

/** An XMLHttpRequest that records what it sends and answers 201 at once. */
class RecordingRequest {
  static sent: { url: string; body: FormData }[] = [];
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  private url = '';
  open(_method: string, url: string): void {
    this.url = url;
  }
  setRequestHeader(): void {}
  send(body: FormData): void {
    RecordingRequest.sent.push({ url: this.url, body });
    this.status = 201;
    this.responseText = JSON.stringify({ message: 'OK' });
    this.onload?.();
  }
}

/** An XMLHttpRequest that waits: the test reports its progress and answers it. */
class PendingRequest {
  static last: PendingRequest | null = null;
  body: FormData | null = null;
  status = 0;
  responseText = '';
  withCredentials = false;
  upload: { onprogress: ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null } = {
    onprogress: null,
  };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  open(): void {}
  setRequestHeader(): void {}
  send(body: FormData): void {
    this.body = body;
    PendingRequest.last = this;
  }
  answer(status: number, body: unknown): void {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
}

describe('upload types', () => {
  it("accept each type's extensions, as Superset's dialog does", () => {
    expect(uploadAccept('csv')).toBe('.csv, .tsv');
    expect(uploadAccept('excel')).toBe('.xls, .xlsx');
    expect(uploadAccept('columnar')).toBe('.parquet, .zip');
    expect(hasUploadExtension('excel', 'Book.XLSX')).toBe(true);
    expect(hasUploadExtension('excel', 'book.csv')).toBe(false);
    expect(hasUploadExtension('columnar', 'parquet')).toBe(false);
    expect(invalidExtensionMessage('columnar')).toBe('Upload a file with a valid extension. Valid: [parquet,zip]');
  });
});

describe('UploadDataModal', () => {
  beforeEach(() => {
    RecordingRequest.sent = [];
    vi.stubGlobal('XMLHttpRequest', RecordingRequest);
    vi.stubGlobal('fetch', (url: string) => {
      if (url.endsWith('/csrf_token/')) return Promise.resolve(jsonResponse(200, { result: 'token' }));
      return Promise.resolve(jsonResponse(200, databases));
    });
  });

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('switches the accepted files and the options with the file type', async () => {
    renderWithTheme(<UploadDataModal onClose={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'CSV Upload' })).toBeTruthy();
    const input = screen.getByTestId<HTMLInputElement>(testIds.uploadModal.file);
    expect(input.accept).toBe('.csv, .tsv');
    expect(screen.getByTestId(testIds.uploadModal.delimiter)).toBeTruthy();
    expect(screen.queryByTestId(testIds.uploadModal.sheetName)).toBeNull();

    fireEvent.change(screen.getByTestId(testIds.uploadModal.type), { target: { value: 'excel' } });
    expect(screen.getByRole('dialog', { name: 'Excel Upload' })).toBeTruthy();
    expect(input.accept).toBe('.xls, .xlsx');
    expect(screen.queryByTestId(testIds.uploadModal.delimiter)).toBeNull();
    expect(screen.getByTestId(testIds.uploadModal.sheetName)).toBeTruthy();

    fireEvent.change(screen.getByTestId(testIds.uploadModal.type), { target: { value: 'columnar' } });
    expect(screen.getByRole('dialog', { name: 'Columnar Upload' })).toBeTruthy();
    expect(input.accept).toBe('.parquet, .zip');
    expect(screen.queryByTestId(testIds.uploadModal.sheetName)).toBeNull();

    // Only the databases that allow uploads are offered.
    await waitFor(() => expect(screen.getByRole('option', { name: 'uploads' })).toBeTruthy());
    expect(screen.queryByRole('option', { name: 'examples' })).toBeNull();
  });

  it('refuses a file of another type and sends an Excel upload with its sheet', async () => {
    let closed = 0;
    renderWithTheme(<UploadDataModal initialType="excel" onClose={() => (closed += 1)} />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'uploads' })).toBeTruthy());
    const submit = screen.getByTestId<HTMLButtonElement>(testIds.uploadModal.submit);
    fireEvent.change(screen.getByTestId(testIds.uploadModal.tableName), { target: { value: 'staff' } });
    const input = screen.getByTestId(testIds.uploadModal.file);

    fireEvent.change(input, { target: { files: [new File(['a,b'], 'people.csv')] } });
    expect(screen.getByTestId(testIds.uploadModal.fileError).textContent).toBe(
      'Upload a file with a valid extension. Valid: [xls,xlsx]',
    );
    expect(submit.disabled).toBe(true);

    fireEvent.change(input, { target: { files: [new File(['PK'], 'people.xlsx')] } });
    expect(screen.queryByTestId(testIds.uploadModal.fileError)).toBeNull();
    fireEvent.change(screen.getByTestId(testIds.uploadModal.sheetName), { target: { value: 'people' } });
    fireEvent.change(screen.getByTestId(testIds.uploadModal.columnsRead), { target: { value: 'name, age' } });
    expect(submit.disabled).toBe(false);
    fireEvent.click(submit);

    await waitFor(() => expect(closed).toBe(1));
    const [sent] = RecordingRequest.sent;
    expect(sent?.url).toBe('/api/v1/database/7/upload/');
    expect(sent?.body.get('type')).toBe('excel');
    expect(sent?.body.get('table_name')).toBe('staff');
    expect(sent?.body.get('sheet_name')).toBe('people');
    expect(sent?.body.get('columns_read')).toBe('name, age');
    expect(sent?.body.get('delimiter')).toBeNull();
    expect((sent?.body.get('file') as File).name).toBe('people.xlsx');
  });

  it("shows the upload's progress, then the server's message naming a bad row", async () => {
    vi.stubGlobal('XMLHttpRequest', PendingRequest);
    PendingRequest.last = null;
    let closed = 0;
    renderWithTheme(<UploadDataModal onClose={() => (closed += 1)} />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'uploads' })).toBeTruthy());
    fireEvent.change(screen.getByTestId(testIds.uploadModal.tableName), { target: { value: 'people' } });
    fireEvent.change(screen.getByTestId(testIds.uploadModal.file), { target: { files: [new File(['a\n1\n'], 'people.csv')] } });
    fireEvent.click(screen.getByTestId(testIds.uploadModal.submit));
    await waitFor(() => expect(PendingRequest.last).not.toBeNull());
    const request = PendingRequest.last as unknown as PendingRequest;
    const progress = screen.getByTestId<HTMLProgressElement>(testIds.uploadModal.progress);
    expect(progress.value).toBe(0);
    act(() => request.upload.onprogress?.({ lengthComputable: true, loaded: 30, total: 120 }));
    expect(progress.value).toBe(0.25);
    // While the upload runs, the button waits.
    expect(screen.getByTestId<HTMLButtonElement>(testIds.uploadModal.submit).disabled).toBe(true);

    act(() => request.answer(400, { message: 'Row 3: could not read the value "x1" of the column "a" as Int64' }));
    await waitFor(() =>
      expect(screen.getByTestId(testIds.uploadModal.error).textContent).toBe(
        'Row 3: could not read the value "x1" of the column "a" as Int64',
      ),
    );
    expect(screen.queryByTestId(testIds.uploadModal.progress)).toBeNull();
    expect(screen.getByTestId<HTMLButtonElement>(testIds.uploadModal.submit).disabled).toBe(false);
    expect(closed).toBe(0);
  });

  it('polls the server every 500 ms and shows the rows written once the bytes are sent', async () => {
    vi.stubGlobal('XMLHttpRequest', PendingRequest);
    PendingRequest.last = null;
    const polled: string[] = [];
    const answers = [
      jsonResponse(404, { message: 'Not found' }),
      jsonResponse(200, { result: { upload_id: 'x', phase: 'writing', rows_read: 16384, rows_written: 8192, total_rows: 200000 } }),
      jsonResponse(200, { result: { upload_id: 'x', phase: 'writing', rows_read: 24576, rows_written: 16384, total_rows: 200000 } }),
    ];
    vi.stubGlobal('fetch', (url: string) => {
      if (url.endsWith('/csrf_token/')) return Promise.resolve(jsonResponse(200, { result: 'token' }));
      if (url.includes('/upload/progress/')) {
        polled.push(url);
        return Promise.resolve(answers.shift() ?? jsonResponse(200, { result: { upload_id: 'x', phase: 'writing', rows_read: 24576, rows_written: 16384, total_rows: 200000 } }));
      }
      return Promise.resolve(jsonResponse(200, databases));
    });
    let closed = 0;
    renderWithTheme(<UploadDataModal onClose={() => (closed += 1)} />);
    await waitFor(() => expect(screen.getByRole('option', { name: 'uploads' })).toBeTruthy());
    fireEvent.change(screen.getByTestId(testIds.uploadModal.tableName), { target: { value: 'big' } });
    fireEvent.change(screen.getByTestId(testIds.uploadModal.file), { target: { files: [new File(['a\n1\n'], 'big.csv')] } });
    fireEvent.click(screen.getByTestId(testIds.uploadModal.submit));
    await waitFor(() => expect(PendingRequest.last).not.toBeNull());
    const request = PendingRequest.last as unknown as PendingRequest;
    const sentId = request.body?.get('upload_id');
    const uploadId = typeof sentId === 'string' ? sentId : '';
    expect(uploadId).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);

    // While the bytes go, the bar is theirs and no rows are shown.
    act(() => request.upload.onprogress?.({ lengthComputable: true, loaded: 60, total: 120 }));
    expect(screen.getByTestId<HTMLProgressElement>(testIds.uploadModal.progress).value).toBe(0.5);
    expect(screen.queryByTestId(testIds.uploadModal.rows)).toBeNull();

    // Every byte sent: the server's rows, polled (the first poll's 404 is skipped).
    act(() => request.upload.onprogress?.({ lengthComputable: true, loaded: 120, total: 120 }));
    expect(screen.getByTestId(testIds.uploadModal.rows).textContent).toBe('Uploading… 0 rows');
    await waitFor(() => expect(screen.getByTestId(testIds.uploadModal.rows).textContent).toBe('Uploading… 8,192 of 200,000 rows'), {
      timeout: 3000,
    });
    expect(screen.getByTestId<HTMLProgressElement>(testIds.uploadModal.progress).value).toBeCloseTo(8192 / 200000);
    await waitFor(() => expect(screen.getByTestId(testIds.uploadModal.rows).textContent).toBe('Uploading… 16,384 of 200,000 rows'), {
      timeout: 3000,
    });
    expect(polled.length).toBeGreaterThanOrEqual(3);
    expect(polled.every((url) => url === `/api/v1/database/upload/progress/${uploadId}`)).toBe(true);

    // The answer ends the polling.
    act(() => request.answer(201, { message: 'OK' }));
    await waitFor(() => expect(closed).toBe(1));
    const pollsAtEnd = polled.length;
    await new Promise((resolve) => setTimeout(resolve, 700));
    expect(polled.length).toBe(pollsAtEnd);
  });

  it('names the rows in the progress line', () => {
    expect(uploadRowsText(null)).toBe('Uploading… 0 rows');
    expect(uploadRowsText({ upload_id: 'x', phase: 'done', rows_read: 3, rows_written: 1234567, total_rows: null })).toBe(
      'Uploading… 1,234,567 rows',
    );
  });
});
