import type { DataMask } from '@/api/generated/DataMask';
import type { CrossFilterSelection } from '@/features/chart/viz/chartRendererProps';
import type { NativeFilterRules } from '@/wasm/nativeFilters';

/**
 * The data mask a chart's cross-filter selection emits: an `IN` filter per clause, built and
 * merged by the core (`{filters: [{col: "gender", op: "IN", val: ["boy"]}, ...]}`), with the
 * selected values and their label as its filter state.
 */
export function crossFilterDataMask(rules: NativeFilterRules, selection: CrossFilterSelection): DataMask {
  const clauseMasks = selection.clauses.map((clause) => rules.selectExtraFormData(clause.column, clause.values, false, false));
  return {
    extraFormData: rules.mergeExtraFormData(clauseMasks),
    filterState: { value: selection.values, label: selection.label },
  };
}
