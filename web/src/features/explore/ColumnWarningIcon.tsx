import { useMemo, type JSX } from 'react';
import { IconTooltip } from '@/components/IconTooltip';
import { parseMarkdown } from '@/features/dashboard/markdownBlocks';
import { markdownHtml } from '@/features/dashboard/markdownHtml';
import { sanitizedHtml } from '@/features/dashboard/sanitizedHtml';
import { testIds } from '@/testIds';

/**
 * Superset's `WarningIconWithTooltip` beside a column that has a `warning_markdown`: a warning
 * triangle whose tooltip shows the markdown rendered (HTML in it is shown as text, as in a
 * tooltip nothing but the warning's formatting is wanted).
 */
export function ColumnWarningIcon({ warningMarkdown }: { warningMarkdown: string }): JSX.Element {
  const rendered = useMemo(() => sanitizedHtml(markdownHtml(parseMarkdown(warningMarkdown, { allowsHtml: false }))), [warningMarkdown]);
  return (
    <IconTooltip
      label="Warning"
      tone="warning"
      iconTestId={testIds.explore.columnWarning}
      tooltipTestId={testIds.explore.columnWarningTooltip}
      icon={
        <>
          <path d="M8 1.5l7 12.5H1z" />
          <path d="M8 6v4M8 11.6v.4" fill="none" stroke="currentColor" strokeWidth="1.5" strokeLinecap="round" />
        </>
      }
      tooltip={rendered}
    />
  );
}
