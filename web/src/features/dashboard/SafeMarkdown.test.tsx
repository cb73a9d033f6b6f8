import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithTheme } from '@/testRendering';
import { testIds } from '@/testIds';
import { SafeMarkdown } from './SafeMarkdown';

describe('SafeMarkdown', () => {
  it('renders markdown as elements and shows HTML as text', () => {
    renderWithTheme(<SafeMarkdown source={'## Births\n\n<img src=x onerror="alert(1)"> **bold** [docs](https://superset.apache.org) [bad](javascript:alert(1))'} />);
    const markdown = screen.getByTestId(testIds.dashboard.markdown);
    expect(markdown.querySelector('h2')?.textContent).toBe('Births');
    expect(markdown.querySelector('img')).toBeNull();
    expect(markdown.querySelector('script')).toBeNull();
    expect(markdown.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(markdown.querySelector('strong')?.textContent).toBe('bold');
    const links = [...markdown.querySelectorAll('a')].map((link) => link.getAttribute('href'));
    expect(links).toEqual(['https://superset.apache.org']);
  });
});
