/** React Query keys, one builder per server resource. */
export const queryKeys = {
  currentUser: ['currentUser'] as const,
  datasets: ['datasets'] as const,
  explore: (datasourceType: string, datasourceId: number, sliceId: number | null) =>
    ['explore', datasourceType, datasourceId, sliceId] as const,
  chartData: (runNumber: number) => ['chartData', runNumber] as const,
  samples: (datasourceType: string, datasourceId: number) => ['samples', datasourceType, datasourceId] as const,
};
