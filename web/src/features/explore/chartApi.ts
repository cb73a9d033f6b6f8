import { postJson, putJson } from '@/api/client';
import type { Chart } from '@/api/generated/Chart';
import type { ChartPost } from '@/api/generated/ChartPost';
import type { ChartPut } from '@/api/generated/ChartPut';
import type { CurrentUser } from '@/api/generated/CurrentUser';
import type { IdResult } from '@/api/generated/IdResult';

/** `POST /api/v1/chart/`: 201 `{id, result}`. */
export async function createChart(chart: ChartPost): Promise<Chart> {
  return (await postJson<IdResult<Chart>>('/api/v1/chart/', chart)).result;
}

/** `PUT /api/v1/chart/{id}`: 200 `{id, result}`; only the fields sent change. */
export async function updateChart(chartId: number, changes: ChartPut): Promise<Chart> {
  return (await putJson<IdResult<Chart>>(`/api/v1/chart/${chartId}`, changes)).result;
}

/** Spec 002 section 6: overwriting a chart is for its owners (the server also lets admins). */
export function canOverwriteChart(chart: Chart | null, user: CurrentUser | undefined): boolean {
  if (chart === null || user === undefined) return false;
  return chart.owners.some((owner) => owner.id === user.id);
}

/** `/explore/?slice_id=N`: where a saved chart opens. */
export function chartExplorePath(chartId: number): string {
  return `/explore/?slice_id=${chartId}`;
}
