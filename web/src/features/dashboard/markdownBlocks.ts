/**
 * A small Markdown reader for dashboard markdown components. It yields plain data (blocks and
 * inline spans) that React renders as elements, so no HTML from the text ever reaches the page:
 * tags show as text, scripts never run, and links keep only safe URLs.
 */

export type InlineSpan =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineSpan[] }
  | { kind: 'emphasis'; children: InlineSpan[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: InlineSpan[] };

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; spans: InlineSpan[] }
  | { kind: 'paragraph'; spans: InlineSpan[] }
  | { kind: 'list'; ordered: boolean; items: InlineSpan[][] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' };

/** Links may go to the web, to mail, or inside the app; anything else (javascript:, data:) is dropped. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  if (trimmed.startsWith('#')) return trimmed;
  return null;
}

const inlinePattern = /(\*\*(.+?)\*\*)|(`([^`]+)`)|(\[([^\]]+)\]\(([^)\s]+)\))|(\*([^*\s][^*]*?)\*)|(_([^_\s][^_]*?)_)/;

/** Reads bold, emphasis, code and links; everything else stays text. */
export function parseInline(text: string): InlineSpan[] {
  const spans: InlineSpan[] = [];
  let rest = text;
  while (rest.length > 0) {
    const match = inlinePattern.exec(rest);
    if (match === null) {
      spans.push({ kind: 'text', text: rest });
      break;
    }
    if (match.index > 0) spans.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [whole, , strong, , code, , linkText, linkHref, , emphasis, , underscoreEmphasis] = match;
    if (strong !== undefined) {
      spans.push({ kind: 'strong', children: parseInline(strong) });
    } else if (code !== undefined) {
      spans.push({ kind: 'code', text: code });
    } else if (linkText !== undefined && linkHref !== undefined) {
      const href = safeHref(linkHref);
      spans.push(href === null ? { kind: 'text', text: linkText } : { kind: 'link', href, children: parseInline(linkText) });
    } else {
      spans.push({ kind: 'emphasis', children: parseInline(emphasis ?? underscoreEmphasis ?? '') });
    }
    rest = rest.slice(match.index + whole.length);
  }
  return spans;
}

const headingPattern = /^(#{1,6})\s+(.*)$/;
const bulletPattern = /^\s*[-*+]\s+(.*)$/;
const numberedPattern = /^\s*\d+[.)]\s+(.*)$/;
const rulePattern = /^\s*([-*_])(\s*\1){2,}\s*$/;

/** Splits markdown text into blocks: headings, paragraphs, lists, fenced code and rules. */
export function parseMarkdown(source: string): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: InlineSpan[][] } | null = null;

  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join(' ')) });
    paragraph = [];
    if (list !== null) blocks.push({ kind: 'list', ...list });
    list = null;
  };

  for (let index = 0; index < lines.length; index += 1) {
    const line = lines[index] ?? '';
    if (line.trimStart().startsWith('```')) {
      flush();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !(lines[index] ?? '').trimStart().startsWith('```')) {
        code.push(lines[index] ?? '');
        index += 1;
      }
      blocks.push({ kind: 'code', text: code.join('\n') });
      continue;
    }
    if (line.trim() === '') {
      flush();
      continue;
    }
    const heading = headingPattern.exec(line);
    if (heading !== null) {
      flush();
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, spans: parseInline(heading[2] ?? '') });
      continue;
    }
    if (rulePattern.test(line)) {
      flush();
      blocks.push({ kind: 'rule' });
      continue;
    }
    const bullet = bulletPattern.exec(line);
    const numbered = bullet === null ? numberedPattern.exec(line) : null;
    const item = bullet ?? numbered;
    if (item !== null) {
      const ordered = numbered !== null;
      if (paragraph.length > 0 || (list !== null && list.ordered !== ordered)) flush();
      list ??= { ordered, items: [] };
      list.items.push(parseInline(item[1] ?? ''));
      continue;
    }
    if (list !== null) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
