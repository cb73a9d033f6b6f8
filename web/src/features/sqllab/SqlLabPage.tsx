import { useCallback, useEffect, useMemo, useState, type JSX } from 'react';
import styled from 'styled-components';
import { errorMessage } from '@/api/errors';
import type { SqlLabExecuteResponse } from '@/api/generated/SqlLabExecuteResponse';
import type { TableOption } from '@/api/generated/TableOption';
import { Button } from '@/components/Button';
import { useToasts } from '@/components/toastContext';
import { testIds } from '@/testIds';
import { executeSql, formatSql, newClientId, stopQuery, useSqlLabDatabases } from './api';
import {
  addTab,
  closeTab,
  loadTabs,
  localStorageWarning,
  queryLimitOptions,
  renameTab,
  saveTabs,
  updateTab,
  type EditorTabsState,
  type QueryEditorTab,
} from './editorTabs';
import { EditorTabsBar } from './EditorTabsBar';
import { LeftBar } from './LeftBar';
import { ResultsPane, type RunState } from './ResultsPane';
import { SqlEditor } from './SqlEditor';

/** Spec 002 section 8's toast when Stop fails. */
export const stopFailedMessage = 'Failed to stop query.';

/** `/sqllab/`: tabbed SQL editors over the databases exposed in SQL Lab. */
export function SqlLabPage(): JSX.Element {
  const [tabsState, setTabsState] = useState<EditorTabsState>(() => loadTabs(window.localStorage));
  const [runs, setRuns] = useState<Record<string, RunState>>({});
  const [tableNames, setTableNames] = useState<readonly string[]>([]);
  const databases = useSqlLabDatabases();
  const { addToast } = useToasts();

  useEffect(() => {
    saveTabs(window.localStorage, tabsState);
  }, [tabsState]);

  const activeTab = tabsState.tabs.find((tab) => tab.id === tabsState.activeTabId) ?? tabsState.tabs[0];
  const activeTabId = activeTab?.id ?? '';
  const databaseList = useMemo(() => databases.data?.result ?? [], [databases.data]);
  // A tab without a database uses the lowest database id (spec 002 section 9).
  const firstDatabaseId = databaseList.reduce<number | null>((lowest, database) => (lowest === null || database.id < lowest ? database.id : lowest), null);
  const databaseId = activeTab?.dbId ?? firstDatabaseId;
  const activeDatabase = databaseList.find((database) => database.id === databaseId) ?? null;

  const changeActiveTab = useCallback(
    (changes: Partial<Omit<QueryEditorTab, 'id'>>) => setTabsState((state) => updateTab(state, state.activeTabId, changes)),
    [],
  );
  const changeSchema = useCallback((schema: string | null) => changeActiveTab({ schema }), [changeActiveTab]);
  const rememberTables = useCallback((tables: readonly TableOption[]) => setTableNames(tables.map((table) => table.value)), []);

  const run = activeTab === undefined ? undefined : runs[activeTab.id];
  const isRunning = run?.status === 'running';

  function setRun(tabId: string, update: (previous: RunState | undefined) => RunState | undefined): void {
    setRuns((previous) => {
      const next = update(previous[tabId]);
      return next === undefined ? previous : { ...previous, [tabId]: next };
    });
  }

  function runQuery(): void {
    if (activeTab === undefined || databaseId === null || activeTab.sql.trim() === '' || isRunning) return;
    const tabId = activeTab.id;
    const clientId = newClientId();
    setRun(tabId, () => ({ status: 'running', clientId }));
    const isCurrentRun = (previous: RunState | undefined): boolean => previous?.status === 'running' && previous.clientId === clientId;
    executeSql({
      client_id: clientId,
      database_id: databaseId,
      sql: activeTab.sql,
      schema: activeTab.schema ?? undefined,
      tab: activeTab.name,
      sql_editor_id: tabId,
      queryLimit: activeTab.queryLimit,
      runAsync: false,
      json: true,
    })
      .then((response: SqlLabExecuteResponse) => {
        // A success arriving after the query was stopped is ignored (spec 002 section 4).
        setRun(tabId, (previous) =>
          isCurrentRun(previous) ? (response.status === 'stopped' ? { status: 'stopped' } : { status: 'success', response }) : undefined,
        );
      })
      .catch((error: unknown) => {
        // A failure arriving when the query is already stopped is ignored too.
        setRun(tabId, (previous) => (isCurrentRun(previous) ? { status: 'failed', message: errorMessage(error) } : undefined));
      });
  }

  function stopRunningQuery(): void {
    if (activeTab === undefined || run?.status !== 'running') return;
    const tabId = activeTab.id;
    const clientId = run.clientId;
    setRun(tabId, () => ({ status: 'stopped' }));
    stopQuery(clientId).catch(() => addToast('danger', stopFailedMessage));
  }

  function formatActiveSql(): void {
    if (activeTab === undefined || activeTab.sql.trim() === '') return;
    formatSql(activeTab.sql)
      .then((formatted) => changeActiveTab({ sql: formatted }))
      .catch((error: unknown) => addToast('danger', errorMessage(error)));
  }

  return (
    <Page data-testid={testIds.sqlLab.page}>
      <EditorTabsBar
        tabs={tabsState.tabs}
        activeTabId={activeTabId}
        onSelect={(tabId) => setTabsState((state) => ({ ...state, activeTabId: tabId }))}
        onAdd={() => setTabsState((state) => addTab(state))}
        onClose={(tabId) => setTabsState((state) => closeTab(state, tabId))}
        onRename={(tabId, name) => setTabsState((state) => renameTab(state, tabId, name))}
      />
      <Warning data-testid={testIds.sqlLab.storageWarning}>{localStorageWarning}</Warning>
      {activeTab !== undefined && (
        <Workspace key={activeTab.id}>
          <LeftBar
            databases={databaseList}
            databaseId={databaseId}
            schema={activeTab.schema}
            onDatabaseChange={(dbId) => changeActiveTab({ dbId, schema: null })}
            onSchemaChange={changeSchema}
            onTablesLoaded={rememberTables}
          />
          <Main>
            {databases.isError && <ErrorText role="alert">{errorMessage(databases.error)}</ErrorText>}
            <EditorArea>
              <SqlEditor
                value={activeTab.sql}
                backend={activeDatabase?.backend ?? null}
                tableNames={tableNames}
                onChange={(sql) => changeActiveTab({ sql })}
                onRun={runQuery}
              />
            </EditorArea>
            <Toolbar>
              {isRunning ? (
                <Button $variant="primary" data-testid={testIds.sqlLab.stopButton} onClick={stopRunningQuery}>
                  Stop
                </Button>
              ) : (
                <Button
                  $variant="primary"
                  data-testid={testIds.sqlLab.runButton}
                  disabled={databaseId === null || activeTab.sql.trim() === ''}
                  title="Run (Ctrl + Enter)"
                  onClick={runQuery}
                >
                  Run
                </Button>
              )}
              <LimitLabel>
                Limit
                <select
                  data-testid={testIds.sqlLab.limitSelect}
                  value={activeTab.queryLimit}
                  onChange={(event) => changeActiveTab({ queryLimit: Number(event.target.value) })}
                >
                  {queryLimitOptions.map((limit) => (
                    <option key={limit} value={limit}>
                      {limit.toLocaleString('en-US')}
                    </option>
                  ))}
                </select>
              </LimitLabel>
              <Button $variant="secondary" data-testid={testIds.sqlLab.formatButton} onClick={formatActiveSql}>
                Format SQL
              </Button>
            </Toolbar>
            <ResultsPane run={run} />
          </Main>
        </Workspace>
      )}
    </Page>
  );
}

const Page = styled.main`
  display: flex;
  flex-direction: column;
  height: 100%;
  min-height: 0;
`;

const Warning = styled.p`
  margin: 0;
  padding: ${({ theme }) => `${theme.gridUnit}px ${theme.gridUnit * 4}px`};
  color: ${({ theme }) => theme.colors.textMuted};
  font-size: ${({ theme }) => theme.fontSizes.s}px;
`;

const Workspace = styled.div`
  display: flex;
  flex: 1;
  min-height: 0;
`;

const Main = styled.section`
  display: flex;
  flex: 1;
  flex-direction: column;
  gap: ${({ theme }) => theme.gridUnit * 2}px;
  min-width: 0;
  padding: ${({ theme }) => theme.gridUnit * 3}px;
`;

const EditorArea = styled.div`
  height: 35%;
  min-height: 140px;
`;

const Toolbar = styled.div`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit * 3}px;
`;

const LimitLabel = styled.label`
  display: flex;
  align-items: center;
  gap: ${({ theme }) => theme.gridUnit}px;
  font-size: ${({ theme }) => theme.fontSizes.s}px;
  color: ${({ theme }) => theme.colors.textMuted};
`;

const ErrorText = styled.p`
  margin: 0;
  color: ${({ theme }) => theme.colors.error.base};
`;
