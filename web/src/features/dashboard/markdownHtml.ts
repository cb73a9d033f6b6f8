/**
 * Markdown blocks as one HTML text: the text parts escaped, the HTML parts (read only with
 * `allowsHtml`) kept as written. The result is never put in the page as is: `sanitizedHtml`
 * turns it into React elements through an allow-list.
 */
import type { InlineSpan, MarkdownBlock } from './markdownBlocks';

const htmlEscapes: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => htmlEscapes[character] ?? character);
}

function spansHtml(spans: InlineSpan[]): string {
  return spans
    .map((span) => {
      switch (span.kind) {
        case 'text':
          return escapeHtml(span.text);
        case 'strong':
          return `<strong>${spansHtml(span.children)}</strong>`;
        case 'emphasis':
          return `<em>${spansHtml(span.children)}</em>`;
        case 'code':
          return `<code>${escapeHtml(span.text)}</code>`;
        case 'link':
          return `<a href="${escapeHtml(span.href)}">${spansHtml(span.children)}</a>`;
        case 'html':
          return span.html;
      }
    })
    .join('');
}

function blockHtml(block: MarkdownBlock): string {
  switch (block.kind) {
    case 'heading':
      return `<h${block.level}>${spansHtml(block.spans)}</h${block.level}>`;
    case 'paragraph':
      return `<p>${spansHtml(block.spans)}</p>`;
    case 'list': {
      const tag = block.ordered ? 'ol' : 'ul';
      return `<${tag}>${block.items.map((item) => `<li>${spansHtml(item)}</li>`).join('')}</${tag}>`;
    }
    case 'code':
      return `<pre><code>${escapeHtml(block.text)}</code></pre>`;
    case 'rule':
      return '<hr>';
    case 'html':
      return block.html;
  }
}

/** `## A` and `<b>x</b>` (HTML allowed) give `<h2>A</h2><b>x</b>`; text is escaped. */
export function markdownHtml(blocks: MarkdownBlock[]): string {
  return blocks.map(blockHtml).join('\n');
}
