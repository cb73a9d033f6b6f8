import { tableFromArrays, tableToIPC } from 'apache-arrow';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ChartDataArrowResult } from '@/api/chartData';
import { chartResultMeta } from '@/api/chartDataTestResults';
import type { QueryContext } from '@/api/generated/QueryContext';
import type { QuiverCore } from '@/wasm/core';
import { loadQuiverCoreInNode } from '@/wasm/loadQuiverCoreInNode';
import { planLocalAnswer } from './reaggregation';

// planLocalAnswer with the real quiver-core (the built Wasm module) deciding each query.

let core: QuiverCore;

beforeAll(async () => {
  core = await loadQuiverCoreInNode();
});

const sumOfNum = { expressionType: 'SIMPLE', column: { column_name: 'num' }, aggregate: 'SUM', label: 'SUM(num)' };
const tableByGenderAndState = {
  datasource: '3__table',
  viz_type: 'table',
  query_mode: 'aggregate',
  groupby: ['gender', 'state'],
  metrics: [sumOfNum],
  row_limit: 1000,
  time_range: 'No filter',
};

function contextOf(formData: Record<string, unknown>): QueryContext {
  return core.buildQueryContext({ ...tableByGenderAndState, ...formData });
}

/** A fetched result of the main query: four groups, well under the row limit. */
function fetchedResult(): ChartDataArrowResult {
  const table = tableFromArrays({ gender: ['boy', 'boy', 'girl', 'girl'], state: ['CA', 'NY', 'CA', 'NY'], 'SUM(num)': Float64Array.from([4, 3, 2, 1]) });
  return { meta: chartResultMeta(['gender', 'state', 'SUM(num)'], [1, 1, 0], 4), table, sourceIpc: tableToIPC(table, 'stream') };
}

function fetchedTotals(): ChartDataArrowResult {
  const table = tableFromArrays({ 'SUM(num)': Float64Array.from([10]) });
  return { meta: chartResultMeta(['SUM(num)'], [0], 1), table, sourceIpc: tableToIPC(table, 'stream') };
}

describe('planLocalAnswer', () => {
  it("answers show_totals' totals query by regrouping the main query's result, and keeps the main result as it is", () => {
    const source = { queryContext: contextOf({}), results: [fetchedResult()] };
    const withTotals = contextOf({ show_totals: true });
    expect(withTotals.queries).toHaveLength(2);

    const answer = planLocalAnswer(core, source, withTotals);
    expect(answer?.steps.map((step) => [step.sourceIndex, step.request === null])).toEqual([
      [0, true],
      [0, false],
    ]);
    expect(answer?.steps[1]?.request).toMatchObject({ source_groupby: ['gender', 'state'], groupby: [] });
  });

  it('turning the totals off keeps the fetched main result; the same queries are no new answer', () => {
    const source = { queryContext: contextOf({ show_totals: true }), results: [fetchedResult(), fetchedTotals()] };
    const answer = planLocalAnswer(core, source, contextOf({ show_totals: false }));
    expect(answer?.steps).toEqual([{ sourceIndex: 0, request: null }]);
    expect(planLocalAnswer(core, source, contextOf({ show_totals: true }))).toBeNull();
  });

  it('filters the fetched result on a fetched group-by column; a filter on another column asks the server', () => {
    const source = { queryContext: contextOf({}), results: [fetchedResult()] };
    const onState = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: 'IN', comparator: ['CA'] };
    const answer = planLocalAnswer(core, source, contextOf({ adhoc_filters: [onState] }));
    expect(answer?.steps[0]?.request).toMatchObject({ groupby: ['gender', 'state'], filters: [{ col: 'state', op: 'IN', val: ['CA'] }] });
    const onName = { ...onState, subject: 'name', comparator: ['Aaron'] };
    expect(planLocalAnswer(core, source, contextOf({ adhoc_filters: [onName] }))).toBeNull();
  });
});
