import { useState, type JSX } from 'react';
import { Link } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import styled from 'styled-components';
import { errorMessage, type ApiError } from '@/api/errors';
import { useErrorToast } from '@/components/listView/useListErrorToasts';
import { useCurrentUser } from '@/features/auth/api';
import { testIds } from '@/testIds';
import {
  filteredChartsAndDashboardsFailedMessage,
  objectEmptyText,
  recentEmptyTexts,
  useObjectTab,
  useRecents,
  useSavedQueries,
  type HomeItem,
  type ObjectTab,
  type RecentTab,
} from './api';

const recentTabs: readonly RecentTab[] = ['Viewed', 'Edited', 'Created'];
const objectTabs: readonly ObjectTab[] = ['Favorite', 'Mine', 'Other'];

/** `/superset/welcome/`: Recents (viewed, edited, created), Dashboards, Charts and Saved queries. */
export function WelcomePage(): JSX.Element {
  const me = useCurrentUser().data?.id;
  const [recentTab, setRecentTab] = useState<RecentTab>('Viewed');
  const [dashboardTab, setDashboardTab] = useState<ObjectTab>('Mine');
  const [chartTab, setChartTab] = useState<ObjectTab>('Mine');
  const recents = useRecents(recentTab, me);
  const dashboards = useObjectTab('dashboard', dashboardTab, me);
  const charts = useObjectTab('chart', chartTab, me);
  const savedQueries = useSavedQueries(me);
  useErrorToast(dashboardTab === 'Other' ? dashboards.error : null, filteredChartsAndDashboardsFailedMessage);
  useErrorToast(chartTab === 'Other' ? charts.error : null, filteredChartsAndDashboardsFailedMessage);

  return (
    <Page data-testid={testIds.welcome.page}>
      <Section name="Recents" tabs={recentTabs} tab={recentTab} onTab={setRecentTab} items={recents} emptyText={recentEmptyTexts[recentTab]} />
      <Section
        name="Dashboards"
        tabs={objectTabs}
        tab={dashboardTab}
        onTab={setDashboardTab}
        items={dashboards}
        emptyText={objectEmptyText(dashboardTab, 'dashboards')}
        viewAll="/dashboard/list/"
        isFailureEmpty={dashboardTab === 'Other'}
      />
      <Section
        name="Charts"
        tabs={objectTabs}
        tab={chartTab}
        onTab={setChartTab}
        items={charts}
        emptyText={objectEmptyText(chartTab, 'charts')}
        viewAll="/chart/list/"
        isFailureEmpty={chartTab === 'Other'}
      />
      <Section name="Saved queries" tabs={[]} tab="" onTab={() => undefined} items={savedQueries} emptyText="No saved queries yet" />
    </Page>
  );
}

interface SectionProps<Tab extends string> {
  name: string;
  tabs: readonly Tab[];
  tab: Tab | '';
  onTab: (tab: Tab) => void;
  items: UseQueryResult<HomeItem[], ApiError>;
  emptyText: string;
  viewAll?: string;
  /** A failed read shows as an empty list (its toast says what failed). */
  isFailureEmpty?: boolean;
}

function Section<Tab extends string>({ name, tabs, tab, onTab, items, emptyText, viewAll, isFailureEmpty = false }: SectionProps<Tab>): JSX.Element {
  const isEmpty = items.data?.length === 0 || (items.isError && isFailureEmpty);
  return (
    <Panel data-testid={testIds.welcome.section} data-section={name} aria-label={name}>
      <PanelHeader>
        <h2>{name}</h2>
        {viewAll !== undefined && <Link to={viewAll}>View All »</Link>}
      </PanelHeader>
      {tabs.length > 0 && (
        <Tabs role="tablist">
          {tabs.map((one) => (
            <TabButton key={one} role="tab" type="button" aria-selected={one === tab} data-testid={testIds.welcome.tab} data-tab={one} onClick={() => onTab(one)}>
              {one}
            </TabButton>
          ))}
        </Tabs>
      )}
      {items.isPending && items.fetchStatus !== 'idle' && <Muted>Loading...</Muted>}
      {items.isError && !isFailureEmpty && <Muted role="alert">{errorMessage(items.error)}</Muted>}
      {isEmpty && <Muted data-testid={testIds.welcome.empty}>{emptyText}</Muted>}
      {items.data !== undefined && items.data.length > 0 && (
        <Items>
          {items.data.map((item) => (
            <li key={item.key} data-testid={testIds.welcome.item} data-item-type={item.type}>
              <Link to={item.url}>{item.title}</Link>
              <Muted as="span">{item.detail}</Muted>
            </li>
          ))}
        </Items>
      )}
    </Panel>
  );
}

const Page = styled.main`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  padding: ${({ theme }) => `${theme.gridUnit * 4}px ${theme.gridUnit * 8}px`};
  overflow: auto;
  height: 100%;
`;

const Panel = styled.section`
  padding: ${({ theme }) => theme.gridUnit * 4}px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: ${({ theme }) => theme.colors.surface};

  h2 {
    margin: 0;
    font-size: ${({ theme }) => theme.fontSizes.l}px;
  }
`;

const PanelHeader = styled.div`
  display: flex;
  align-items: center;
  justify-content: space-between;
`;

const Tabs = styled.div`
  display: flex;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
  margin: ${({ theme }) => theme.gridUnit * 2}px 0;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const TabButton = styled.button`
  padding: ${({ theme }) => theme.gridUnit * 2}px 0;
  border: none;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.text};
  cursor: pointer;

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary.base};
    font-weight: 600;
  }
`;

const Items = styled.ul`
  display: flex;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  margin: 0;
  padding-left: 0;
  list-style: none;

  li {
    display: flex;
    justify-content: space-between;
    gap: ${({ theme }) => theme.gridUnit * 4}px;
  }
`;

const Muted = styled.p`
  color: ${({ theme }) => theme.colors.textMuted};
`;
