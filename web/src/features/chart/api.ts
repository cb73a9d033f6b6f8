import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { fetchChartData, type ChartDataArrowResult } from '@/api/chartData';
import { errorMessage } from '@/api/errors';
import type { FieldError } from '@/api/generated/FieldError';
import type { FormData } from '@/api/generated/FormData';
import { queryKeys } from '@/api/queryKeys';
import { buildQueryContext, validateFormData } from '@/wasm/core';
import { withoutFormulaLayers } from './annotations/annotationLayerEntries';
import { answerLocally, type LocalAnswer } from './reaggregation';

/** One click of Run: the form data as it was then. */
export interface ChartRun {
  runNumber: number;
  formData: FormData;
  /** Set when the previous run's result answers this one in the browser, without a request. */
  localAnswer?: LocalAnswer | null;
}

/** The form data broke a rule of quiver-core; nothing was sent. */
export class FormDataInvalidError extends Error {
  override readonly name = 'FormDataInvalidError';
  readonly controlErrors: readonly FieldError[];

  constructor(controlErrors: readonly FieldError[]) {
    super(controlErrors.map((error) => error.message).join('\n'));
    this.controlErrors = controlErrors;
  }
}

/** What a failed run shows: the message of each control the core refused, or the request's error. */
export function chartErrorMessages(error: unknown): string[] {
  if (error instanceof FormDataInvalidError) return error.controlErrors.map((controlError) => controlError.message);
  return [errorMessage(error)];
}

/** Validates and builds the query context with the Wasm core, then fetches the Arrow results. */
export async function runChartQuery(formData: FormData, signal?: AbortSignal): Promise<ChartDataArrowResult[]> {
  const controlErrors = await validateFormData(formData);
  if (controlErrors.length > 0) throw new FormDataInvalidError(controlErrors);
  const queryContext = withoutFormulaLayers(await buildQueryContext(formData));
  return fetchChartData({ ...queryContext, result_format: 'arrow' }, signal);
}

export function useChartData(run: ChartRun | null): UseQueryResult<ChartDataArrowResult[]> {
  return useQuery({
    queryKey: queryKeys.chartData(run?.runNumber ?? 0),
    queryFn: ({ signal }) => {
      if (run === null) throw new Error('No chart run');
      if (run.localAnswer !== undefined && run.localAnswer !== null) return answerLocally(run.localAnswer);
      return runChartQuery(run.formData, signal);
    },
    enabled: run !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
  });
}
