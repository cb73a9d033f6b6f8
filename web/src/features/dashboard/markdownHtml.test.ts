import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './markdownBlocks';
import { escapeHtml, markdownHtml } from './markdownHtml';

describe('markdownHtml', () => {
  it('escapes text and keeps HTML parts as written', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;&lt;/a&gt;');
    expect(markdownHtml(parseMarkdown('## A & B\n\n<b>x</b> [d](https://x.org)\n\n- one\n\n```\n<i>\n```\n---'))).toBe(
      '<h2>A &amp; B</h2>\n<p>&lt;b&gt;x&lt;/b&gt; <a href="https://x.org">d</a></p>\n<ul><li>one</li></ul>\n<pre><code>&lt;i&gt;</code></pre>\n<hr>',
    );
    expect(markdownHtml(parseMarkdown('<b>x</b> *y*\n\n<div>\n*z*\n</div>', { allowsHtml: true }))).toBe('<p><b>x</b> <em>y</em></p>\n<div>\n*z*\n</div>');
  });
});
