import type { JSX, ReactNode } from 'react';
import styled from 'styled-components';

/** A list page's frame: its title (and the page's buttons, when any) above the list. */
export function ListPageLayout({
  title,
  testId,
  actions,
  children,
}: {
  title: string;
  testId: string;
  actions?: ReactNode;
  children: ReactNode;
}): JSX.Element {
  return (
    <Page data-testid={testId}>
      <TitleRow>
        <Title>{title}</Title>
        {actions !== undefined && <Actions>{actions}</Actions>}
      </TitleRow>
      {children}
    </Page>
  );
}

const TitleRow = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const Actions = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;

const Page = styled.main`
  padding: ${({ theme }) => theme.gridUnit * 4}px;
`;

const Title = styled.h1`
  font-size: ${({ theme }) => theme.fontSizes.xl}px;
`;

/** A card's parts: the title line, muted details and a footer line. */
export const CardTitle = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  font-size: ${({ theme }) => theme.fontSizes.l}px;
  font-weight: 600;
`;

export const CardDetail = styled.div`
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

export const CardFooter = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
  margin-top: auto;
`;

/** A row's actions (delete, export) side by side in the Actions column. */
export const RowActionsBox = styled.span`
  display: inline-flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
`;
