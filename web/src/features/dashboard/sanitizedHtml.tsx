/**
 * HTML text as React elements through an allow-list (the tags and attributes of GitHub's
 * sanitizer, which Superset's markdown uses, plus `class` and `style`). The text is parsed by
 * `DOMParser`, whose document is inert (no script runs, no image loads); only allowed tags and
 * attributes become elements, links go through the link helper, and URLs must be safe.
 */
import { createElement, Fragment, type CSSProperties, type ReactNode } from 'react';
import { GenericLink } from '@/components/GenericLink';
import { safeHref } from './markdownBlocks';

const allowedTags = new Set([
  'a', 'b', 'blockquote', 'br', 'code', 'dd', 'del', 'details', 'div', 'dl', 'dt', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
  'hr', 'i', 'img', 'ins', 'kbd', 'li', 'ol', 'p', 'pre', 'q', 'rp', 'rt', 'ruby', 's', 'samp', 'section', 'span', 'strike',
  'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot', 'th', 'thead', 'tr', 'tt', 'ul', 'var',
]);

/** Tags dropped with everything inside them; any other unknown tag is dropped but its content kept. */
const strippedTags = new Set(['script', 'style', 'template', 'iframe', 'object', 'embed', 'noscript', 'textarea', 'select', 'svg', 'math', 'head', 'title']);

const voidTags = new Set(['br', 'hr', 'img']);

const tableTags = new Set(['table', 'thead', 'tbody', 'tfoot', 'tr']);

/** HTML attribute name to React prop name, per tag (`*`: every tag). */
const allowedAttributes: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  '*': { title: 'title', align: 'align', lang: 'lang', dir: 'dir', class: 'className' },
  img: { alt: 'alt', width: 'width', height: 'height' },
  td: { colspan: 'colSpan', rowspan: 'rowSpan' },
  th: { colspan: 'colSpan', rowspan: 'rowSpan' },
  ol: { start: 'start' },
  details: { open: 'open' },
};

/** An image loads only from the web or from this app. */
function safeImageSource(source: string): string | null {
  const trimmed = source.trim();
  if (/^https?:/i.test(trimmed)) return trimmed;
  return trimmed.startsWith('/') && !trimmed.startsWith('//') ? trimmed : null;
}

/** `color: red; font-size: 12px` as `{color: 'red', fontSize: '12px'}`; values loading URLs are left out. */
export function styleObject(style: string): CSSProperties {
  const properties: Record<string, string> = {};
  for (const declaration of style.split(';')) {
    const colon = declaration.indexOf(':');
    if (colon < 0) continue;
    const name = declaration.slice(0, colon).trim().toLowerCase();
    const value = declaration.slice(colon + 1).trim();
    if (name === '' || value === '' || /url\(|expression\(|javascript:/i.test(value)) continue;
    const propName = name.startsWith('--') ? name : name.replace(/-([a-z])/g, (_, letter: string) => letter.toUpperCase());
    properties[propName] = value;
  }
  return properties;
}

function elementProps(element: Element, tag: string): Record<string, unknown> {
  const props: Record<string, unknown> = {};
  const allowed = { ...allowedAttributes['*'], ...allowedAttributes[tag] };
  for (const attribute of Array.from(element.attributes)) {
    const name = attribute.name.toLowerCase();
    if (name === 'style') {
      props.style = styleObject(attribute.value);
      continue;
    }
    const propName = allowed[name];
    if (propName === undefined) continue;
    props[propName] = name === 'open' ? true : attribute.value;
  }
  return props;
}

function nodeElements(nodes: NodeListOf<ChildNode>): ReactNode[] {
  return Array.from(nodes).flatMap(nodeElement);
}

function nodeElement(node: ChildNode): ReactNode[] {
  if (node.nodeType === Node.TEXT_NODE) return [node.textContent ?? ''];
  if (node.nodeType !== Node.ELEMENT_NODE) return [];
  const element = node as Element;
  const tag = element.tagName.toLowerCase();
  if (strippedTags.has(tag)) return [];
  const allChildren = nodeElements(element.childNodes);
  // Tables hold rows and cells only: the whitespace between them is not content.
  const children = tableTags.has(tag) ? allChildren.filter((child) => typeof child !== 'string' || child.trim() !== '') : allChildren;
  if (!allowedTags.has(tag)) return children;
  const props = elementProps(element, tag);
  if (tag === 'a') {
    const href = safeHref(element.getAttribute('href') ?? '');
    if (href === null) return [createElement('span', props, ...children)];
    const className = typeof props.className === 'string' ? props.className : undefined;
    return [
      <GenericLink to={href} opensNewTab className={className}>
        {createElement(Fragment, null, ...children)}
      </GenericLink>,
    ];
  }
  if (tag === 'img') {
    const source = safeImageSource(element.getAttribute('src') ?? '');
    return source === null ? [] : [createElement('img', { ...props, src: source })];
  }
  if (voidTags.has(tag)) return [createElement(tag, props)];
  return [createElement(tag, props, ...children)];
}

/** `<b onclick="x">hi</b><script>alert(1)</script>` gives one `<b>hi</b>` element. */
export function sanitizedHtml(html: string): ReactNode {
  const document = new DOMParser().parseFromString(html, 'text/html');
  // Children are passed one by one, never as lists, so they need no keys.
  return createElement(Fragment, null, ...nodeElements(document.body.childNodes));
}
