import type { APIRequestContext } from '@playwright/test';
import { writeJson } from './quiverServer';

/** Saves a chart over the dataset through the API; its id. */
export async function createChart(
  request: APIRequestContext,
  name: string,
  vizType: string,
  datasetId: number,
  params: Record<string, unknown>,
): Promise<number> {
  const answer = await writeJson(request, 'POST', '/api/v1/chart/', {
    slice_name: name,
    viz_type: vizType,
    datasource_id: datasetId,
    datasource_type: 'table',
    params: JSON.stringify({ datasource: `${datasetId}__table`, viz_type: vizType, ...params }),
  });
  return answer.id as number;
}

/** A layout with one row holding the charts, each 4 columns wide. */
export function layoutWithCharts(chartIds: readonly number[]): Record<string, unknown> {
  const layout: Record<string, unknown> = {
    DASHBOARD_VERSION_KEY: 'v2',
    ROOT_ID: { type: 'ROOT', id: 'ROOT_ID', children: ['GRID_ID'] },
    GRID_ID: { type: 'GRID', id: 'GRID_ID', children: ['ROW-1'], parents: ['ROOT_ID'] },
    'ROW-1': { type: 'ROW', id: 'ROW-1', children: chartIds.map((id) => `CHART-${id}`), parents: ['ROOT_ID', 'GRID_ID'], meta: {} },
  };
  for (const id of chartIds) {
    layout[`CHART-${id}`] = { type: 'CHART', id: `CHART-${id}`, children: [], parents: ['ROOT_ID', 'GRID_ID', 'ROW-1'], meta: { chartId: id, width: 4, height: 50 } };
  }
  return layout;
}
