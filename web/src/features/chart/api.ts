import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { fetchChartDataThroughCache, type ChartDataArrowResult } from '@/api/chartData';
import { errorMessage, invalidInputMessage } from '@/api/errors';
import type { FieldError } from '@/api/generated/FieldError';
import type { FormData } from '@/api/generated/FormData';
import { queryKeys } from '@/api/queryKeys';
import { errorDisplayOf, type ErrorDisplay, type FieldMessages } from '@/components/errorMessage/errorDisplay';
import { buildQueryContext, validateFormData } from '@/wasm/core';
import { withoutFormulaLayers } from './annotations/annotationLayerEntries';
import { answerLocally, type LocalAnswer } from './reaggregation';

/** One click of Run: the form data as it was then. */
export interface ChartRun {
  runNumber: number;
  formData: FormData;
  /** Set when the previous run's result answers this one in the browser, without a request. */
  localAnswer?: LocalAnswer | null;
  /**
   * The run asks for the chart's own state (a server-paginated table's page, sort or search): the
   * shown results stay drawn while it loads, so the table keeps its search box and its focus.
   */
  keepsShownResults?: boolean;
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

/**
 * What the chart area shows for a failed run: the refused controls as a field-validation list
 * ("Invalid input", then "metrics: ..."), else the request's typed error.
 */
export function chartErrorDisplay(error: unknown): ErrorDisplay {
  if (!(error instanceof FormDataInvalidError)) return errorDisplayOf(error);
  const messagesByControl = new Map<string, string[]>();
  for (const { control, message } of error.controlErrors) {
    messagesByControl.set(control, [...(messagesByControl.get(control) ?? []), message]);
  }
  const fields: FieldMessages[] = [...messagesByControl].map(([field, messages]) => ({ field, messages }));
  return { kind: 'fieldValidation', message: invalidInputMessage, fields };
}

/**
 * Validates and builds the query context with the Wasm core, then fetches the Arrow results. The
 * same query context asked again (same datasource, queries and result type) is answered from the
 * browser's result cache (`chartResultCache`, quiver-core's LRU) without a request, unless the
 * form data asks for `force`.
 */
export async function runChartQuery(formData: FormData, signal?: AbortSignal): Promise<ChartDataArrowResult[]> {
  const controlErrors = await validateFormData(formData);
  if (controlErrors.length > 0) throw new FormDataInvalidError(controlErrors);
  const queryContext = withoutFormulaLayers(await buildQueryContext(formData));
  return fetchChartDataThroughCache({ ...queryContext, result_format: 'arrow' }, signal);
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
    placeholderData: (previous) => (run?.keepsShownResults === true ? previous : undefined),
  });
}
