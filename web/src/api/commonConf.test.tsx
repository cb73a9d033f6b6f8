import { waitFor } from '@testing-library/react';
import type { JSX } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { chartDataTimeoutMs } from './chartData';
import { commonConfPath, forgetCommonConf, useCommonConf, webServerTimeoutSeconds } from './commonConf';

function SignedInShell(): JSX.Element {
  useCommonConf();
  return <p>signed in</p>;
}

describe('useCommonConf', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    forgetCommonConf();
  });

  it("reads GET /api/v1/common/conf/ and times chart data by the server's timeout", async () => {
    const paths: string[] = [];
    vi.stubGlobal('fetch', (path: string) => {
      paths.push(path);
      return Promise.resolve(Response.json({ result: { SUPERSET_WEBSERVER_TIMEOUT: 75 } }));
    });
    expect(chartDataTimeoutMs()).toBe(60_000);
    renderWithTheme(<SignedInShell />);
    await waitFor(() => expect(webServerTimeoutSeconds()).toBe(75));
    expect(chartDataTimeoutMs()).toBe(75_000);
    expect(paths).toEqual([commonConfPath]);
  });

  it('keeps the 60 s default when the server does not answer', async () => {
    const paths: string[] = [];
    vi.stubGlobal('fetch', (path: string) => {
      paths.push(path);
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    });
    renderWithTheme(<SignedInShell />);
    await waitFor(() => expect(paths).toEqual([commonConfPath]));
    expect(chartDataTimeoutMs()).toBe(60_000);
  });
});
