import { describe, expect, it } from 'vitest';
import { parseInline, parseMarkdown, safeHref } from './markdownBlocks';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs, lists, code and rules', () => {
    const blocks = parseMarkdown('## About\n\nBabies born\nin the US.\n\n- one\n- **two**\n\n1. first\n\n```\n<b>x</b>\n```\n---');
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, spans: [{ kind: 'text', text: 'About' }] },
      { kind: 'paragraph', spans: [{ kind: 'text', text: 'Babies born in the US.' }] },
      {
        kind: 'list',
        ordered: false,
        items: [[{ kind: 'text', text: 'one' }], [{ kind: 'strong', children: [{ kind: 'text', text: 'two' }] }]],
      },
      { kind: 'list', ordered: true, items: [[{ kind: 'text', text: 'first' }]] },
      { kind: 'code', text: '<b>x</b>' },
      { kind: 'rule' },
    ]);
  });

  it('reads HTML tags as HTML parts only when asked', () => {
    expect(parseMarkdown('**<i>x</i>** `<b>` a<br/>b\n\n<div class="x">\n**raw**\n</div>\n\nafter', { allowsHtml: true })).toEqual([
      {
        kind: 'paragraph',
        spans: [
          { kind: 'strong', children: [{ kind: 'html', html: '<i>' }, { kind: 'text', text: 'x' }, { kind: 'html', html: '</i>' }] },
          { kind: 'text', text: ' ' },
          { kind: 'code', text: '<b>' },
          { kind: 'text', text: ' a' },
          { kind: 'html', html: '<br/>' },
          { kind: 'text', text: 'b' },
        ],
      },
      { kind: 'html', html: '<div class="x">\n**raw**\n</div>' },
      { kind: 'paragraph', spans: [{ kind: 'text', text: 'after' }] },
    ]);
    expect(parseMarkdown('a<br/>b')).toEqual([{ kind: 'paragraph', spans: [{ kind: 'text', text: 'a<br/>b' }] }]);
  });

  it('keeps HTML as text', () => {
    expect(parseMarkdown('<script>alert(1)</script>')).toEqual([
      { kind: 'paragraph', spans: [{ kind: 'text', text: '<script>alert(1)</script>' }] },
    ]);
  });
});

describe('parseInline', () => {
  it('reads emphasis, code and safe links', () => {
    expect(parseInline('a *b* `c` [d](https://x.org) _e_')).toEqual([
      { kind: 'text', text: 'a ' },
      { kind: 'emphasis', children: [{ kind: 'text', text: 'b' }] },
      { kind: 'text', text: ' ' },
      { kind: 'code', text: 'c' },
      { kind: 'text', text: ' ' },
      { kind: 'link', href: 'https://x.org', children: [{ kind: 'text', text: 'd' }] },
      { kind: 'text', text: ' ' },
      { kind: 'emphasis', children: [{ kind: 'text', text: 'e' }] },
    ]);
  });

  it('drops unsafe link targets and keeps the text', () => {
    expect(parseInline('[click](javascript:alert(1))')).toEqual([
      { kind: 'text', text: 'click' },
      { kind: 'text', text: ')' },
    ]);
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('/superset/dashboard/1/')).toBe('/superset/dashboard/1/');
    expect(safeHref('mailto:a@b.c')).toBe('mailto:a@b.c');
  });
});
