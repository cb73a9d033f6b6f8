import type { JSX } from 'react';
import styled from 'styled-components';
import { testIds } from '@/testIds';
import { parseMarkdown, type InlineSpan, type MarkdownBlock } from './markdownBlocks';

function renderSpans(spans: InlineSpan[]): JSX.Element[] {
  return spans.map((span, index) => {
    switch (span.kind) {
      case 'text':
        return <span key={index}>{span.text}</span>;
      case 'strong':
        return <strong key={index}>{renderSpans(span.children)}</strong>;
      case 'emphasis':
        return <em key={index}>{renderSpans(span.children)}</em>;
      case 'code':
        return <code key={index}>{span.text}</code>;
      case 'link':
        return (
          <a key={index} href={span.href} target="_blank" rel="noopener noreferrer">
            {renderSpans(span.children)}
          </a>
        );
    }
  });
}

function renderBlock(block: MarkdownBlock, index: number): JSX.Element {
  switch (block.kind) {
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return <Heading key={index}>{renderSpans(block.spans)}</Heading>;
    }
    case 'paragraph':
      return <p key={index}>{renderSpans(block.spans)}</p>;
    case 'list': {
      const items = block.items.map((item, itemIndex) => <li key={itemIndex}>{renderSpans(item)}</li>);
      return block.ordered ? <ol key={index}>{items}</ol> : <ul key={index}>{items}</ul>;
    }
    case 'code':
      return (
        <pre key={index}>
          <code>{block.text}</code>
        </pre>
      );
    case 'rule':
      return <hr key={index} />;
  }
}

/** Markdown text as React elements: HTML in the text is shown as text, never run. */
export function SafeMarkdown({ source }: { source: string }): JSX.Element {
  return <Markdown data-testid={testIds.dashboard.markdown}>{parseMarkdown(source).map(renderBlock)}</Markdown>;
}

const Markdown = styled.div`
  overflow: auto;
  height: 100%;
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  color: ${({ theme }) => theme.colors.text};

  h1,
  h2,
  h3,
  h4 {
    margin: 0 0 ${({ theme }) => theme.gridUnit * 2}px;
  }

  p {
    margin: 0 0 ${({ theme }) => theme.gridUnit * 2}px;
  }

  code {
    font-family: ${({ theme }) => theme.monospaceFontFamily};
  }
`;
