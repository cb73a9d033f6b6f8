import { useId, useState, type JSX } from 'react';
import styled from 'styled-components';
import type { DatasourceRef } from '@/api/generated/DatasourceRef';
import { testIds } from '@/testIds';
import type { ChartResultsState } from './chartResultsState';
import { ResultsPane } from './ResultsPane';
import { SamplesPane } from './SamplesPane';

export type DataPaneTab = 'results' | 'samples';

const tabLabels: Record<DataPaneTab, string> = { results: 'Results', samples: 'Samples' };
const tabTestIds: Record<DataPaneTab, string> = { results: testIds.dataPane.resultsTab, samples: testIds.dataPane.samplesTab };

export interface DataTablesPaneProps {
  datasource: DatasourceRef;
  chartResults: ChartResultsState;
}

/**
 * Superset's DataTablesPane below the chart: "Results" (the chart's rows) and "Samples" (the
 * dataset's rows). Collapsed at first; a click on a tab or on the arrow opens it.
 */
export function DataTablesPane({ datasource, chartResults }: DataTablesPaneProps): JSX.Element {
  const [isOpen, setIsOpen] = useState(false);
  const [tab, setTab] = useState<DataPaneTab>('results');
  const idPrefix = useId();
  const tabId = (name: DataPaneTab): string => `${idPrefix}-tab-${name}`;
  const bodyId = `${idPrefix}-body`;

  function showTab(next: DataPaneTab): void {
    setTab(next);
    setIsOpen(true);
  }

  return (
    <Pane data-testid={testIds.dataPane.pane} aria-label="Data" $isOpen={isOpen}>
      <Header>
        <Tabs role="tablist" aria-label="Data tables">
          {(['results', 'samples'] as const).map((name) => (
            <Tab
              key={name}
              type="button"
              role="tab"
              id={tabId(name)}
              aria-selected={isOpen && tab === name}
              aria-controls={isOpen && tab === name ? bodyId : undefined}
              data-testid={tabTestIds[name]}
              onClick={() => showTab(name)}
            >
              {tabLabels[name]}
            </Tab>
          ))}
        </Tabs>
        <ToggleButton
          type="button"
          aria-expanded={isOpen}
          aria-label={isOpen ? 'Collapse data panel' : 'Expand data panel'}
          title={isOpen ? 'Collapse data panel' : 'Expand data panel'}
          data-testid={testIds.dataPane.toggle}
          onClick={() => setIsOpen((current) => !current)}
        >
          <Arrow aria-hidden $isOpen={isOpen}>
            ▴
          </Arrow>
        </ToggleButton>
      </Header>
      {isOpen && (
        <Body id={bodyId} role="tabpanel" aria-labelledby={tabId(tab)}>
          {tab === 'results' ? <ResultsPane state={chartResults} /> : <SamplesPane datasource={datasource} />}
        </Body>
      )}
    </Pane>
  );
}

const Pane = styled.section<{ $isOpen: boolean }>`
  display: flex;
  flex: ${({ $isOpen }) => ($isOpen ? '0 0 42%' : '0 0 auto')};
  flex-direction: column;
  min-height: ${({ $isOpen }) => ($isOpen ? '240px' : '0')};
  border-top: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme }) => theme.colors.surface};
`;

const Header = styled.div`
  display: flex;
  align-items: center;
  padding: 0 ${({ theme }) => theme.gridUnit * 4}px;
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Tabs = styled.div`
  display: flex;
  flex: 1;
  gap: ${({ theme }) => theme.gridUnit * 4}px;
`;

const Tab = styled.button`
  padding: ${({ theme }) => theme.gridUnit * 2}px 0;
  border: 0;
  border-bottom: 2px solid transparent;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.m}px;
  font-weight: 600;
  cursor: pointer;

  &[aria-selected='true'] {
    border-bottom-color: ${({ theme }) => theme.colors.primary.base};
    color: ${({ theme }) => theme.colors.text};
  }

  &:hover {
    color: ${({ theme }) => theme.colors.primary.base};
  }
`;

const ToggleButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 28px;
  height: 28px;
  border: 0;
  border-radius: ${({ theme }) => theme.borderRadius}px;
  background: none;
  color: ${({ theme }) => theme.colors.textMuted};
  cursor: pointer;

  &:hover {
    background: ${({ theme }) => theme.colors.surfaceMuted};
    color: ${({ theme }) => theme.colors.text};
  }
`;

const Arrow = styled.span<{ $isOpen: boolean }>`
  display: inline-block;
  transform: rotate(${({ $isOpen }) => ($isOpen ? '180deg' : '0deg')});
`;

const Body = styled.div`
  display: flex;
  flex: 1;
  flex-direction: column;
  min-height: 0;
  padding: 0 ${({ theme }) => theme.gridUnit * 4}px ${({ theme }) => theme.gridUnit * 2}px;
`;
