/**
 * A small Markdown reader for dashboard markdown components. It yields plain data (blocks and
 * inline spans). HTML in the text is read as HTML parts only when asked (`allowsHtml`, Superset's
 * `ESCAPE_MARKDOWN_HTML` off); otherwise tags stay text. Links keep only safe URLs.
 */

export type InlineSpan =
  | { kind: 'text'; text: string }
  | { kind: 'strong'; children: InlineSpan[] }
  | { kind: 'emphasis'; children: InlineSpan[] }
  | { kind: 'code'; text: string }
  | { kind: 'link'; href: string; children: InlineSpan[] }
  /** A raw HTML tag or comment in a line (only read with `allowsHtml`). */
  | { kind: 'html'; html: string };

export type MarkdownBlock =
  | { kind: 'heading'; level: 1 | 2 | 3 | 4 | 5 | 6; spans: InlineSpan[] }
  | { kind: 'paragraph'; spans: InlineSpan[] }
  | { kind: 'list'; ordered: boolean; items: InlineSpan[][] }
  | { kind: 'code'; text: string }
  | { kind: 'rule' }
  /** Lines that open with an HTML tag, up to a blank line (only read with `allowsHtml`). */
  | { kind: 'html'; html: string };

export interface MarkdownOptions {
  /** Read HTML tags as HTML parts (rendered sanitized) instead of text. */
  allowsHtml: boolean;
}

const textOnly: MarkdownOptions = { allowsHtml: false };

/** Links may go to the web, to mail, or inside the app; anything else (javascript:, data:) is dropped. */
export function safeHref(href: string): string | null {
  const trimmed = href.trim();
  if (/^(https?:|mailto:)/i.test(trimmed)) return trimmed;
  if (trimmed.startsWith('/') && !trimmed.startsWith('//')) return trimmed;
  if (trimmed.startsWith('#')) return trimmed;
  return null;
}

const inlinePattern = /(\*\*(.+?)\*\*)|(`([^`]+)`)|(\[([^\]]+)\]\(([^)\s]+)\))|(\*([^*\s][^*]*?)\*)|(_([^_\s][^_]*?)_)/;
/** CommonMark's raw HTML: an open tag with attributes, a closing tag, or a comment. */
const htmlTag = /<[A-Za-z][A-Za-z0-9-]*(?:\s+[^\s"'>/=]+(?:\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'=<>`]+))?)*\s*\/?>|<\/[A-Za-z][A-Za-z0-9-]*\s*>|<!--[\s\S]*?-->/;
const inlinePatternWithHtml = new RegExp(`${inlinePattern.source}|(${htmlTag.source})`);
/** CommonMark's HTML block starts: a block-level tag (the rest of the line may follow), or a comment. */
const htmlBlockTagStart =
  /^\s{0,3}(?:<!--|<\/?(?:address|article|aside|blockquote|body|caption|center|col|colgroup|dd|details|dialog|dir|div|dl|dt|fieldset|figcaption|figure|footer|form|h[1-6]|header|hr|iframe|legend|li|main|menu|nav|ol|p|pre|script|search|section|style|summary|table|tbody|td|textarea|tfoot|th|thead|tr|ul)(?:\s|\/?>|$))/i;
/** ...or a line holding one complete tag alone (it does not interrupt a paragraph). */
const htmlBlockLoneTag = new RegExp(`^\\s{0,3}(?:${htmlTag.source})\\s*$`);

function startsHtmlBlock(line: string, isInParagraph: boolean): boolean {
  return htmlBlockTagStart.test(line) || (!isInParagraph && htmlBlockLoneTag.test(line));
}

/** Reads bold, emphasis, code, links and (with `allowsHtml`) HTML tags; everything else stays text. */
export function parseInline(text: string, options: MarkdownOptions = textOnly): InlineSpan[] {
  const spans: InlineSpan[] = [];
  const pattern = options.allowsHtml ? inlinePatternWithHtml : inlinePattern;
  let rest = text;
  while (rest.length > 0) {
    const match = pattern.exec(rest);
    if (match === null) {
      spans.push({ kind: 'text', text: rest });
      break;
    }
    if (match.index > 0) spans.push({ kind: 'text', text: rest.slice(0, match.index) });
    const [whole, , strong, , code, , linkText, linkHref, , emphasis, , underscoreEmphasis, html] = match;
    if (html !== undefined) {
      spans.push({ kind: 'html', html });
    } else if (strong !== undefined) {
      spans.push({ kind: 'strong', children: parseInline(strong, options) });
    } else if (code !== undefined) {
      spans.push({ kind: 'code', text: code });
    } else if (linkText !== undefined && linkHref !== undefined) {
      const href = safeHref(linkHref);
      spans.push(href === null ? { kind: 'text', text: linkText } : { kind: 'link', href, children: parseInline(linkText, options) });
    } else {
      spans.push({ kind: 'emphasis', children: parseInline(emphasis ?? underscoreEmphasis ?? '', options) });
    }
    rest = rest.slice(match.index + whole.length);
  }
  return spans;
}

const headingPattern = /^(#{1,6})\s+(.*)$/;
const bulletPattern = /^\s*[-*+]\s+(.*)$/;
const numberedPattern = /^\s*\d+[.)]\s+(.*)$/;
const rulePattern = /^\s*([-*_])(\s*\1){2,}\s*$/;

/** Splits markdown text into blocks: headings, paragraphs, lists, fenced code, rules and (with `allowsHtml`) HTML. */
export function parseMarkdown(source: string, options: MarkdownOptions = textOnly): MarkdownBlock[] {
  const blocks: MarkdownBlock[] = [];
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: string[] = [];
  let list: { ordered: boolean; items: InlineSpan[][] } | null = null;

  const flush = (): void => {
    if (paragraph.length > 0) blocks.push({ kind: 'paragraph', spans: parseInline(paragraph.join(' '), options) });
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
    if (options.allowsHtml && startsHtmlBlock(line, paragraph.length > 0)) {
      flush();
      const html: string[] = [line];
      while (index + 1 < lines.length && (lines[index + 1] ?? '').trim() !== '') {
        index += 1;
        html.push(lines[index] ?? '');
      }
      blocks.push({ kind: 'html', html: html.join('\n') });
      continue;
    }
    const heading = headingPattern.exec(line);
    if (heading !== null) {
      flush();
      const level = (heading[1] ?? '#').length as 1 | 2 | 3 | 4 | 5 | 6;
      blocks.push({ kind: 'heading', level, spans: parseInline(heading[2] ?? '', options) });
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
      list.items.push(parseInline(item[1] ?? '', options));
      continue;
    }
    if (list !== null) flush();
    paragraph.push(line.trim());
  }
  flush();
  return blocks;
}
