import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState, type JSX } from 'react';
import { useLocation, useNavigate } from 'react-router';
import styled from 'styled-components';
import { getJson } from '@/api/client';
import { errorMessage } from '@/api/errors';
import type { TableMetadata } from '@/api/generated/TableMetadata';
import { queryKeys } from '@/api/queryKeys';
import type { CtasMethod } from '@/api/generated/CtasMethod';
import type { SqlLabQuery } from '@/api/generated/SqlLabQuery';
import type { TableOption } from '@/api/generated/TableOption';
import { Button } from '@/components/Button';
import { useToasts } from '@/components/toastContext';
import { usePageTitle } from '@/components/usePageTitle';
import { queryHistoryListPath } from '@/features/queryHistoryList/api';
import { testIds } from '@/testIds';
import { copyTextToClipboard } from '@/components/copyTextToClipboard';
import { useMyRoles } from '@/features/dashboard/api';
import { formatSql, tableMetadataPath, useSchemas, useSqlLabDatabases } from './api';
import { canDownloadResultsCsv, createAsLabels, selectStarOfCreated } from './createAs';
import { CreateAsModal } from './CreateAsModal';
import type { VirtualDatasetSource } from './datasetApi';
import {
  editTab,
  localStorageWarning,
  queryLimitOptions,
  renameTab,
  splitChanges,
  tabNorthPercent,
  toggleLeftBar,
  updateTab,
  type QueryEditorTab,
} from './editorTabs';
import { EditorTabsBar } from './EditorTabsBar';
import { showsCatalogSelect } from './databasePicker';
import { LeftBar } from './LeftBar';
import { QueryHistoryPane } from './QueryHistoryPane';
import { ResultsPane } from './ResultsPane';
import { isStoppable } from './runLifecycle';
import { runnableSql } from './runPayload';
import { SaveDatasetModal } from './SaveDatasetModal';
import { SaveQueryModal } from './SaveQueryModal';
import { ScheduleQueryModal, scheduleQueryMessages } from './ScheduleQueryModal';
import { SqlEditor, type EditorCompletion } from './SqlEditor';
import { editorTables, tableSouthTab, type SouthTab } from './sqlLabTables';
import { SouthPaneTabs } from './SouthPaneTabs';
import { SplitGutter } from './SplitGutter';
import { TablePreviewPane } from './TablePreviewPane';
import { TemplateParamsModal } from './TemplateParamsModal';
import { CostEstimateModal } from './CostEstimateModal';
import type { SqlLabEstimatePayload } from '@/api/generated/SqlLabEstimatePayload';
import { createSqlLabPermalink, savedQueryLink } from './stateApi';
import { sqlLabDefaultDatabaseId } from './sqlLabDefaults';
import { useEditorTabs } from './useEditorTabs';
import { useOpenQueryFromUrl } from './useOpenQueryFromUrl';
import { useTabRuns } from './useTabRuns';

/** Spec 002 section 8's toasts of sharing queries (with Superset's success text). */
export const sharingMessages = {
  linkCopied: 'Link Copied!',
  shareFailed: 'There was an error with your request',
} as const;

/** Autocomplete reads the columns of at most this many tables of the editor's schema. */
export const completionTableLimit = 50;

/**
 * The columns of the tables of a schema for autocomplete, from `table_metadata` (cached with the
 * left bar's reads).
 */
function useCompletion(databaseId: number | null, schema: string | null, tableNames: readonly string[]): EditorCompletion {
  const schemas = useSchemas(databaseId);
  const names = useMemo(() => tableNames.slice(0, completionTableLimit), [tableNames]);
  const metadata = useQueries({
    queries: names.map((table) => ({
      queryKey: queryKeys.tableMetadata(databaseId ?? 0, schema ?? '', table),
      queryFn: ({ signal }: { signal: AbortSignal }) => getJson<TableMetadata>(tableMetadataPath(databaseId ?? 0, schema ?? '', table), signal),
      enabled: databaseId !== null && schema !== null,
      staleTime: 5 * 60 * 1000,
    })),
  });
  const columnLists = metadata.map((answer) => answer.data?.columns.map((column) => column.name).join('\u0000') ?? '').join('\u0001');
  const schemaList = schemas.data;
  return useMemo(() => {
    const lists = columnLists.split('\u0001');
    const tables: Record<string, string[]> = {};
    names.forEach((table, index) => {
      const columns = lists[index] ?? '';
      tables[table] = columns === '' ? [] : columns.split('\u0000');
    });
    return { schemas: schemaList ?? [], schema, tables };
  }, [columnLists, names, schemaList, schema]);
}

/** `/sqllab/`: tabbed SQL editors over the databases exposed in SQL Lab. */
/** The document's title on the SQL Lab page (the menu's name for it). */
export const sqlLabTitle = 'SQL Lab';

export function SqlLabPage(): JSX.Element {
  const editorTabs = useEditorTabs();
  const { state: tabsState, edit: setTabsState } = editorTabs;
  const browserResults = useMemo(
    () => ({ isKept: editorTabs.mode === 'local', restored: editorTabs.restoredRuns }),
    [editorTabs.mode, editorTabs.restoredRuns],
  );
  const tabRuns = useTabRuns(tabsState.tabs, editorTabs.latestQueries, undefined, editorTabs.config.query_result_timeout_seconds, browserResults);
  const myRoles = useMyRoles();
  const [createAsMethod, setCreateAsMethod] = useState<CtasMethod | null>(null);
  const [tableNames, setTableNames] = useState<readonly string[]>([]);
  const [isSaveModalOpen, setIsSaveModalOpen] = useState(false);
  const [isScheduleModalOpen, setIsScheduleModalOpen] = useState(false);
  const [isParamsModalOpen, setIsParamsModalOpen] = useState(false);
  const [estimatePayload, setEstimatePayload] = useState<SqlLabEstimatePayload | null>(null);
  const [southTab, setSouthTab] = useState<SouthTab>('results');
  const [datasetSource, setDatasetSource] = useState<VirtualDatasetSource | null>(null);
  const databases = useSqlLabDatabases();
  const { addToast } = useToasts();
  // The page's own query string: a run forwards it for the templates' `url_param()`.
  const { search: pageSearch, hash: pageHash } = useLocation();
  const navigate = useNavigate();
  useOpenQueryFromUrl(editorTabs);
  usePageTitle(sqlLabTitle);
  // Superset's old query search link (`/sqllab/#search`) is the Query history list now.
  useEffect(() => {
    if (pageHash === '#search') void navigate(queryHistoryListPath, { replace: true });
  }, [pageHash, navigate]);

  const activeTab = tabsState.tabs.find((tab) => tab.id === tabsState.activeTabId) ?? tabsState.tabs[0];
  const activeTabId = activeTab?.id ?? '';
  const databaseList = useMemo(() => databases.data?.result ?? [], [databases.data]);
  // A tab without a database uses the configured default database, else the lowest database id
  // (spec 002 section 9).
  const defaultDatabaseId = sqlLabDefaultDatabaseId(databaseList, editorTabs.config.default_database_id);
  const databaseId = activeTab?.dbId ?? defaultDatabaseId;
  const activeDatabase = databaseList.find((database) => database.id === databaseId) ?? null;

  // An edit of the tab's content stamps its `updatedAt`; the selection, the cursor and the split
  // are how the tab is viewed, kept without a stamp.
  const changeActiveTab = useCallback(
    (changes: Partial<Omit<QueryEditorTab, 'id'>>) => setTabsState((state) => editTab(state, state.activeTabId, changes)),
    [setTabsState],
  );
  const changeActiveTabView = useCallback(
    (changes: Pick<QueryEditorTab, 'selectedText' | 'cursorPosition' | 'northPercent' | 'southPercent'>) =>
      setTabsState((state) => updateTab(state, state.activeTabId, changes)),
    [setTabsState],
  );
  const mainRef = useRef<HTMLElement>(null);
  const activeCatalog = activeTab?.catalog ?? null;
  const activeSchema = activeTab?.schema ?? null;
  const pickerSelection = useMemo(() => ({ dbId: databaseId, catalog: activeCatalog, schema: activeSchema }), [databaseId, activeCatalog, activeSchema]);
  const rememberTables = useCallback((tables: readonly TableOption[]) => setTableNames(tables.map((table) => table.value)), []);
  const completion = useCompletion(databaseId, activeTab?.schema ?? null, tableNames);
  const tablesOfEditor = useMemo(() => editorTables(editorTabs.tables, activeTabId), [editorTabs.tables, activeTabId]);
  // A table tab of another editor is not shown: that editor's Results are.
  const shownSouthTab: SouthTab =
    southTab.startsWith('table:') && !tablesOfEditor.some((table) => tableSouthTab(table.id) === southTab) ? 'results' : southTab;
  const previewedTable = tablesOfEditor.find((table) => tableSouthTab(table.id) === shownSouthTab);
  const { switchBy } = editorTabs;

  // Ctrl+] and Ctrl+[ switch editor tabs outside the editor too (the editor handles its own).
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent): void {
      if (event.defaultPrevented || !event.ctrlKey || event.altKey || event.metaKey) return;
      if (event.key !== ']' && event.key !== '[') return;
      event.preventDefault();
      switchBy(event.key === ']' ? 1 : -1);
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [switchBy]);

  function addTableToEditor(name: string): void {
    if (activeTab === undefined || databaseId === null || activeTab.schema === null) return;
    editorTabs
      .addTable({
        queryEditorId: activeTab.id,
        dbId: databaseId,
        catalog: showsCatalogSelect(activeDatabase) ? activeCatalog : null,
        schema: activeTab.schema,
        name,
      })
      .then((tableId) => {
        if (tableId !== null) setSouthTab(tableSouthTab(tableId));
      })
      .catch(() => undefined);
  }

  function removeTableOfEditor(tableId: string): void {
    setSouthTab(editorTabs.removeTable(tableId, shownSouthTab));
  }

  function createChartFromResults(): void {
    if (run?.status !== 'success') return;
    const query = run.result.meta.query;
    setDatasetSource({
      databaseId: query.dbId,
      catalog: query.catalog,
      schema: query.schema,
      sql: query.sql,
      templateParams: activeTab?.templateParams ?? null,
      columns: run.result.meta.columns.map((column) => ({ column_name: column.column_name, type: column.type, is_dttm: column.is_dttm })),
    });
  }

  const run = activeTab === undefined ? undefined : tabRuns.runs[activeTab.id];
  const isRunning = isStoppable(run);

  function runQuery(createAs: { method: CtasMethod; tableName: string } | null = null): void {
    if (activeTab === undefined || databaseId === null || activeTab.sql.trim() === '' || isRunning) return;
    const clientId = tabRuns.start(activeTab, databaseId, activeDatabase?.allow_run_async === true, pageSearch, createAs);
    editorTabs.rememberRun(activeTab.id, clientId);
  }

  // A tab opened with autorun runs its SQL once, once its database is known; then autorun is
  // cleared (spec 002 section 3). The ids already run guard against a second render's effect.
  const autorunTabIds = useRef(new Set<string>());
  useEffect(() => {
    if (activeTab?.autorun !== true || activeDatabase === null || editorTabs.mode === 'loading') return;
    if (autorunTabIds.current.has(activeTab.id)) return;
    autorunTabIds.current.add(activeTab.id);
    changeActiveTab({ autorun: false });
    runQuery();
  });

  function queryCreatedInNewTab(query: SqlLabQuery): void {
    // Superset's 'Query in a new tab' runs the SELECT at once.
    editorTabs.addWithQuery({
      autorun: true,
      name: `${query.tempSchema === null ? '' : `${query.tempSchema}.`}${query.tempTable ?? ''}`,
      dbId: query.dbId,
      schema: query.tempSchema ?? query.schema,
      sql: selectStarOfCreated(query, activeDatabase?.backend ?? null),
      remoteId: null,
      templateParams: null,
    });
  }

  function stopRunningQuery(): void {
    if (activeTab !== undefined) tabRuns.stop(activeTab.id);
  }

  function copySavedQueryLink(): void {
    if (activeTab?.remoteId == null) return;
    copyTextToClipboard(savedQueryLink(window.location.origin, activeTab.remoteId))
      .then(() => addToast('success', sharingMessages.linkCopied))
      .catch(() => addToast('danger', sharingMessages.shareFailed));
  }

  function shareActiveQuery(): void {
    if (activeTab === undefined || databaseId === null) return;
    createSqlLabPermalink({
      name: activeTab.name,
      dbId: databaseId,
      schema: activeTab.schema ?? undefined,
      autorun: false,
      sql: activeTab.sql,
      templateParams: activeTab.templateParams ?? undefined,
    })
      .then((permalink) => copyTextToClipboard(permalink.url))
      .then(() => addToast('success', sharingMessages.linkCopied))
      .catch(() => addToast('danger', sharingMessages.shareFailed));
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
        onSelect={editorTabs.select}
        onAdd={editorTabs.add}
        onClone={editorTabs.clone}
        onClose={editorTabs.close}
        onRename={(tabId, name) => setTabsState((state) => renameTab(state, tabId, name))}
        onToggleLeftBar={(tabId) => setTabsState((state) => toggleLeftBar(state, tabId))}
      />
      {editorTabs.mode === 'local' && <Warning data-testid={testIds.sqlLab.storageWarning}>{localStorageWarning}</Warning>}
      {activeTab?.loaded === false && (
        <Workspace>
          <Main data-testid={testIds.sqlLab.tabLoading}>Loading...</Main>
        </Workspace>
      )}
      {activeTab !== undefined && activeTab.loaded !== false && (
        <Workspace key={activeTab.id}>
          {activeTab.hideLeftBar !== true && (
            <LeftBar
              databases={databaseList}
              selection={pickerSelection}
              onSelectionChange={changeActiveTab}
              onTablesLoaded={rememberTables}
              editorTables={tablesOfEditor}
              onAddTable={addTableToEditor}
              onExpandTable={editorTabs.expandTable}
              onRemoveTable={removeTableOfEditor}
            />
          )}
          <Main ref={mainRef}>
            {databases.isError && <ErrorText role="alert">{errorMessage(databases.error)}</ErrorText>}
            <EditorArea style={{ height: `${tabNorthPercent(activeTab)}%` }}>
              <SqlEditor
                value={activeTab.sql}
                backend={activeDatabase?.backend ?? null}
                completion={completion}
                onChange={(sql) => changeActiveTab({ sql })}
                onRun={() => runQuery()}
                onSelectionChange={(selectedText) => changeActiveTabView({ selectedText })}
                cursorPosition={activeTab.cursorPosition}
                onCursorPositionChange={(cursorPosition) => changeActiveTabView({ cursorPosition })}
                onSwitchTab={switchBy}
                onFormat={formatActiveSql}
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
                  onClick={() => runQuery()}
                >
                  {(activeTab.selectedText ?? '').trim() === '' ? 'Run' : 'Run selection'}
                </Button>
              )}
              {activeDatabase?.allow_ctas === true && (
                <Button
                  $variant="secondary"
                  data-testid={testIds.sqlLab.createTableAsButton}
                  disabled={isRunning || activeTab.sql.trim() === ''}
                  onClick={() => setCreateAsMethod('TABLE')}
                >
                  {createAsLabels.TABLE}
                </Button>
              )}
              {activeDatabase?.allow_cvas === true && (
                <Button
                  $variant="secondary"
                  data-testid={testIds.sqlLab.createViewAsButton}
                  disabled={isRunning || activeTab.sql.trim() === ''}
                  onClick={() => setCreateAsMethod('VIEW')}
                >
                  {createAsLabels.VIEW}
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
              {activeDatabase?.allows_cost_estimate === true && (
                <Button
                  $variant="secondary"
                  data-testid={testIds.sqlLab.estimateButton}
                  disabled={activeTab.sql.trim() === ''}
                  onClick={() =>
                    setEstimatePayload({
                      database_id: activeDatabase.id,
                      catalog: activeTab.catalog ?? undefined,
                      schema: activeTab.schema ?? undefined,
                      sql: runnableSql(activeTab),
                      template_params: activeTab.templateParams ?? undefined,
                    })
                  }
                >
                  Estimate cost
                </Button>
              )}
              <Button
                $variant="secondary"
                data-testid={testIds.sqlLab.parametersButton}
                title="Edit template parameters"
                onClick={() => setIsParamsModalOpen(true)}
              >
                Parameters
              </Button>
              <Button
                $variant="secondary"
                data-testid={testIds.sqlLab.saveButton}
                disabled={databaseId === null}
                onClick={() => setIsSaveModalOpen(true)}
              >
                Save
              </Button>
              <Button
                $variant="secondary"
                data-testid={testIds.sqlLab.scheduleButton}
                disabled={databaseId === null || run?.status !== 'success'}
                title={run?.status === 'success' ? scheduleQueryMessages.canSchedule : scheduleQueryMessages.mustRunFirst}
                onClick={() => setIsScheduleModalOpen(true)}
              >
                Schedule
              </Button>
              {activeTab.remoteId !== null && (
                <Button $variant="secondary" data-testid={testIds.sqlLab.copyLinkButton} onClick={copySavedQueryLink}>
                  Copy link
                </Button>
              )}
              <Button
                $variant="secondary"
                data-testid={testIds.sqlLab.shareButton}
                disabled={databaseId === null}
                title="Copy query link to your clipboard"
                onClick={shareActiveQuery}
              >
                Share
              </Button>
            </Toolbar>
            <SplitGutter
              northPercent={tabNorthPercent(activeTab)}
              container={mainRef}
              onResize={(northPercent) => changeActiveTabView(splitChanges(northPercent))}
            />
            <SouthPaneTabs tables={tablesOfEditor} active={shownSouthTab} onSelect={setSouthTab} onCloseTable={removeTableOfEditor} />
            {shownSouthTab === 'results' && (
              <ResultsPane
                run={run}
                onCreateChart={createChartFromResults}
                canDownloadCsv={canDownloadResultsCsv(myRoles.data)}
                onQueryInNewTab={queryCreatedInNewTab}
              />
            )}
            {createAsMethod !== null && (
              <CreateAsModal
                method={createAsMethod}
                onClose={() => setCreateAsMethod(null)}
                onCreate={(tableName) => {
                  setCreateAsMethod(null);
                  runQuery({ method: createAsMethod, tableName });
                }}
              />
            )}
            {shownSouthTab === 'history' && <QueryHistoryPane sqlEditorId={activeTab.id} refreshNumber={tabRuns.historyRefresh} />}
            {previewedTable !== undefined && (
              <TablePreviewPane
                key={previewedTable.id}
                table={previewedTable}
                isDataPreviewDisabled={databaseList.find((database) => database.id === previewedTable.dbId)?.disable_data_preview === true}
                isAsync={databaseList.find((database) => database.id === previewedTable.dbId)?.allow_run_async === true}
                onTableChange={editorTabs.updateTable}
              />
            )}
            {datasetSource !== null && <SaveDatasetModal source={datasetSource} tabName={activeTab.name} onClose={() => setDatasetSource(null)} />}
            {estimatePayload !== null && <CostEstimateModal payload={estimatePayload} onClose={() => setEstimatePayload(null)} />}
            {isParamsModalOpen && (
              <TemplateParamsModal
                templateParams={activeTab.templateParams}
                onClose={() => setIsParamsModalOpen(false)}
                onSave={(templateParams) => {
                  setIsParamsModalOpen(false);
                  changeActiveTab({ templateParams });
                }}
              />
            )}
            {isScheduleModalOpen && databaseId !== null && (
              <ScheduleQueryModal tab={activeTab} databaseId={databaseId} onClose={() => setIsScheduleModalOpen(false)} />
            )}
            {isSaveModalOpen && databaseId !== null && (
              <SaveQueryModal
                tab={activeTab}
                databaseId={databaseId}
                onClose={() => setIsSaveModalOpen(false)}
                onSaved={(saved) => {
                  setIsSaveModalOpen(false);
                  changeActiveTab({ remoteId: saved.id, name: saved.label });
                }}
              />
            )}
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
  flex: none;
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
