import { useMemo, type JSX } from 'react';
import styled from 'styled-components';
import { useEscapeMarkdownHtml } from '@/api/commonConf';
import { testIds } from '@/testIds';
import { parseMarkdown } from './markdownBlocks';
import { markdownHtml } from './markdownHtml';
import { sanitizedHtml } from './sanitizedHtml';

/**
 * Markdown text as React elements. HTML in the text is shown as text when the server's
 * `ESCAPE_MARKDOWN_HTML` flag is on, else rendered through the sanitizer's allow-list; scripts
 * never run and links keep only safe URLs.
 */
export function SafeMarkdown({ source }: { source: string }): JSX.Element {
  const escapesHtml = useEscapeMarkdownHtml();
  const elements = useMemo(() => sanitizedHtml(markdownHtml(parseMarkdown(source, { allowsHtml: !escapesHtml }))), [source, escapesHtml]);
  return <Markdown data-testid={testIds.dashboard.markdown}>{elements}</Markdown>;
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
