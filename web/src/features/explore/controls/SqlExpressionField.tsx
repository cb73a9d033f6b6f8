import { lazy, Suspense, type JSX } from 'react';
import styled from 'styled-components';
import type { SqlExpressionEditorProps } from './SqlExpressionEditor';

/** CodeMirror loads with the first Custom SQL tab opened, not with Explore. */
const LazySqlExpressionEditor = lazy(() => import('./SqlExpressionEditor').then((module) => ({ default: module.SqlExpressionEditor })));

/** The SQL expression editor of the metric, column and filter popovers, loaded on first use. */
export function SqlExpressionField(props: SqlExpressionEditorProps): JSX.Element {
  return (
    <Suspense fallback={<Loading data-testid={props.testId}>Loading editor…</Loading>}>
      <LazySqlExpressionEditor {...props} />
    </Suspense>
  );
}

const Loading = styled.div`
  min-height: 96px;
  padding: ${({ theme }) => theme.gridUnit * 2}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;
