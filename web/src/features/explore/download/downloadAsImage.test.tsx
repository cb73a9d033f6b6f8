import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { toBlob } from 'html-to-image';
import { useRef, type JSX } from 'react';
import { ThemeProvider } from 'styled-components';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ToastProvider } from '@/components/ToastProvider';
import { buildTheme, type ThemeAlgorithm } from '@/theme/tokens';
import {
  excludedFromImage,
  fileNameStem,
  imageDownloadFailedMessage,
  imageFileName,
  imageGeneratingMessage,
  imageTimestamp,
  useDownloadAsImage,
  type ImageDownload,
} from './downloadAsImage';

vi.mock('html-to-image', () => ({ toBlob: vi.fn() }));
const toBlobMock = vi.mocked(toBlob);

/** A chart card with a menu, and a button that downloads it (or nothing, with `hasElement` false). */
function Harness({ download, hasElement = true }: { download: Omit<ImageDownload, 'element'>; hasElement?: boolean }): JSX.Element {
  const downloadAsImage = useDownloadAsImage();
  const cardRef = useRef<HTMLDivElement>(null);
  return (
    <>
      <div ref={cardRef} data-testid="card">
        <h3 data-testid="card-title">Births</h3>
        <div data-testid="card-menu" {...excludedFromImage}>
          ⋮
        </div>
      </div>
      <button type="button" onClick={() => void downloadAsImage({ ...download, element: hasElement ? cardRef.current : null })}>
        download
      </button>
    </>
  );
}

function renderHarness(props: { download: Omit<ImageDownload, 'element'>; hasElement?: boolean }, algorithm: ThemeAlgorithm = 'default'): void {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ThemeProvider theme={buildTheme(algorithm)}>
        <ToastProvider>
          <Harness {...props} />
        </ToastProvider>
      </ThemeProvider>
    </QueryClientProvider>,
  );
}

/** The names the page asked the browser to download. */
let savedNames: string[];
let savedBlobs: Blob[];

beforeEach(() => {
  savedNames = [];
  savedBlobs = [];
  toBlobMock.mockReset();
  vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
    savedBlobs.push(blob as Blob);
    return 'blob:image';
  });
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => undefined);
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    savedNames.push(this.download);
  });
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('image file names', () => {
  const date = new Date(2026, 10, 24, 9, 5, 3);

  it('is the title then the local date and time, as a PNG', () => {
    expect(imageTimestamp(date)).toBe('2026-11-24 09-05-03');
    expect(imageFileName('Births by gender', 'chart', date)).toBe('Births by gender-2026-11-24 09-05-03.png');
  });

  it('falls back to the given name without a title', () => {
    expect(imageFileName(null, 'chart', date)).toBe('chart-2026-11-24 09-05-03.png');
    expect(imageFileName(undefined, 'dashboard', date)).toBe('dashboard-2026-11-24 09-05-03.png');
    expect(imageFileName('  \t ', 'chart', date)).toBe('chart-2026-11-24 09-05-03.png');
  });

  it('replaces the characters file systems refuse', () => {
    expect(fileNameStem('Sales / Region: "EU" <2026>?*', 'chart')).toBe('Sales _ Region_ _EU_ _2026_');
    expect(fileNameStem('a\\b|c\nd\u0007', 'chart')).toBe('a_b_c d_');
    expect(fileNameStem('..hidden', 'chart')).toBe('hidden');
    expect(fileNameStem('///', 'chart')).toBe('_');
    expect(fileNameStem('Births   by\tgender', 'chart')).toBe('Births by gender');
    expect(fileNameStem('x'.repeat(300), 'chart')).toHaveLength(100);
  });
});

describe('useDownloadAsImage', () => {
  it('draws the element on the theme surface, leaves the menu out and downloads the PNG', async () => {
    const png = new Blob(['png'], { type: 'image/png' });
    toBlobMock.mockResolvedValue(png);
    renderHarness({ download: { title: 'Births', fallbackName: 'chart' } });

    fireEvent.click(screen.getByRole('button', { name: 'download' }));

    expect(await screen.findByText(imageGeneratingMessage)).toBeTruthy();
    await waitFor(() => expect(savedNames).toHaveLength(1));
    expect(savedNames[0]).toMatch(/^Births-\d{4}-\d{2}-\d{2} \d{2}-\d{2}-\d{2}\.png$/);
    expect(savedBlobs).toEqual([png]);
    expect(toBlobMock).toHaveBeenCalledOnce();
    const [element, options] = toBlobMock.mock.calls[0] ?? [];
    expect(element).toBe(screen.getByTestId('card'));
    expect(options?.backgroundColor).toBe(buildTheme('default').colors.surface);
    const filter = options?.filter;
    expect(filter?.(screen.getByTestId('card-menu'))).toBe(false);
    expect(filter?.(screen.getByTestId('card-title'))).toBe(true);
    expect(filter?.(document.createTextNode('Births') as unknown as HTMLElement)).toBe(true);
    expect(screen.queryByText(imageDownloadFailedMessage)).toBeNull();
  });

  it('uses the dark theme colours in dark mode and the page background when asked', async () => {
    toBlobMock.mockResolvedValue(new Blob(['png'], { type: 'image/png' }));
    renderHarness({ download: { title: 'Sales', fallbackName: 'dashboard', background: 'background' } }, 'dark');

    fireEvent.click(screen.getByRole('button', { name: 'download' }));

    await waitFor(() => expect(savedNames).toHaveLength(1));
    const dark = buildTheme('dark');
    expect(dark.colors.background).not.toBe(buildTheme('default').colors.background);
    expect(toBlobMock.mock.calls[0]?.[1]?.backgroundColor).toBe(dark.colors.background);
    expect(savedNames[0]).toMatch(/^Sales-.*\.png$/);
  });

  it("shows Superset's warning when the image cannot be made", async () => {
    toBlobMock.mockRejectedValue(new Error('SecurityError: tainted canvas'));
    renderHarness({ download: { title: 'Births', fallbackName: 'chart' } });

    fireEvent.click(screen.getByRole('button', { name: 'download' }));

    expect(await screen.findByText('Image download failed, please refresh and try again.')).toBeTruthy();
    expect(savedNames).toEqual([]);
  });

  it('fails the same way when the browser gives no image', async () => {
    toBlobMock.mockResolvedValue(null);
    renderHarness({ download: { title: 'Births', fallbackName: 'chart' } });

    fireEvent.click(screen.getByRole('button', { name: 'download' }));

    expect(await screen.findByText(imageDownloadFailedMessage)).toBeTruthy();
    expect(savedNames).toEqual([]);
  });

  it('fails without drawing when the element is not on the page', async () => {
    renderHarness({ download: { title: 'Births', fallbackName: 'chart' }, hasElement: false });

    fireEvent.click(screen.getByRole('button', { name: 'download' }));

    expect(await screen.findByText(imageDownloadFailedMessage)).toBeTruthy();
    expect(toBlobMock).not.toHaveBeenCalled();
    expect(screen.queryByText(imageGeneratingMessage)).toBeNull();
  });
});
