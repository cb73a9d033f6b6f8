import { screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { commonConfPath } from '@/api/commonConf';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { SafeMarkdown } from './SafeMarkdown';

/** The server's conf with Superset's `ESCAPE_MARKDOWN_HTML` flag on or off. */
function stubEscapeMarkdownHtml(isOn: boolean): string[] {
  const paths: string[] = [];
  vi.stubGlobal('fetch', (path: string) => {
    paths.push(path);
    return Promise.resolve(Response.json({ result: { SUPERSET_WEBSERVER_TIMEOUT: 60, ESCAPE_MARKDOWN_HTML: isOn } }));
  });
  return paths;
}

function renderMarkdown(source: string): HTMLElement {
  renderWithTheme(
    <MemoryRouter>
      <SafeMarkdown source={source} />
    </MemoryRouter>,
  );
  return screen.getByTestId(testIds.dashboard.markdown);
}

const withHtml = [
  '## Births',
  '',
  'Counted <b class="note" onclick="alert(1)">by state</b> <img src=x onerror="alert(1)"> **bold** [docs](https://superset.apache.org) [list](/dashboard/list/) [bad](javascript:alert(1))',
  '',
  '<div style="color: red; background: url(https://evil.example/x)"><script>alert(1)</script><a href="javascript:alert(1)">js</a><img src="https://superset.apache.org/logo.png" alt="logo"></div>',
].join('\n');

describe('SafeMarkdown', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('with ESCAPE_MARKDOWN_HTML on, shows HTML as text', async () => {
    const paths = stubEscapeMarkdownHtml(true);
    const markdown = renderMarkdown(withHtml);
    await waitFor(() => expect(markdown.textContent).toContain('<b class="note" onclick="alert(1)">by state</b>'));
    expect(paths).toEqual([commonConfPath]);
    expect(markdown.querySelector('h2')?.textContent).toBe('Births');
    expect(markdown.querySelector('b')).toBeNull();
    expect(markdown.querySelector('img')).toBeNull();
    expect(markdown.querySelector('div')).toBeNull();
    expect(markdown.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(markdown.textContent).toContain('<script>alert(1)</script>');
    expect(markdown.querySelector('strong')?.textContent).toBe('bold');
    const links = [...markdown.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    // The link helper: the external address opens a new tab, the in-app one navigates in the app.
    expect(links).toEqual(['https://superset.apache.org', '/dashboard/list/']);
    expect(markdown.querySelector('a[href="https://superset.apache.org"]')?.getAttribute('target')).toBe('_blank');
    expect(markdown.querySelector('a[href="/dashboard/list/"]')?.getAttribute('target')).toBeNull();
  });

  it('with ESCAPE_MARKDOWN_HTML off, renders the HTML sanitized', async () => {
    stubEscapeMarkdownHtml(false);
    const markdown = renderMarkdown(withHtml);
    await waitFor(() => expect(markdown.querySelector('b')).not.toBeNull());
    const bold = markdown.querySelector('b');
    expect(bold?.textContent).toBe('by state');
    expect(bold?.getAttribute('class')).toBe('note');
    expect(bold?.getAttribute('onclick')).toBeNull();
    // The image without a safe source is dropped, the one from the web kept; no script element.
    expect([...markdown.querySelectorAll('img')].map((image) => image.getAttribute('src'))).toEqual(['https://superset.apache.org/logo.png']);
    expect(markdown.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect(markdown.querySelector('script')).toBeNull();
    expect(markdown.textContent).not.toContain('alert(1)');
    const block = markdown.querySelector('div');
    expect(block?.style.color).toBe('red');
    expect(block?.style.background).toBe('');
    // A javascript: link keeps its text, without a link.
    expect(markdown.textContent).toContain('js');
    const links = [...markdown.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['https://superset.apache.org', '/dashboard/list/']);
    expect(markdown.querySelector('h2')?.textContent).toBe('Births');
    expect(markdown.querySelector('strong')?.textContent).toBe('bold');
  });
});
