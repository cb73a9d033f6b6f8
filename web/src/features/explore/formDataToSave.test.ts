import { describe, expect, it } from 'vitest';
import { filtersToSave, formDataToSave } from './formDataToSave';

describe('form data to save', () => {
  it('drops extra filters but keeps extra time ranges as "No filter"', () => {
    const own = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'state', operator: 'IN', comparator: ['CA'] };
    const extra = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'gender', operator: '==', comparator: 'boy', isExtra: true };
    const extraTime = { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'Last week', isExtra: true };
    expect(filtersToSave([own, extra, extraTime])).toEqual([
      own,
      { expressionType: 'SIMPLE', clause: 'WHERE', subject: 'ds', operator: 'TEMPORAL_RANGE', comparator: 'No filter' },
    ]);
  });

  it("removes url_params and the chart's own state, and cleans every adhoc filter list", () => {
    const saved = formDataToSave({
      datasource: '3__table',
      viz_type: 'table',
      url_params: { standalone: '1' },
      own_state: { currentPage: 1, pageSize: 15 },
      groupby: ['gender'],
      adhoc_filters: [{ subject: 'x', operator: '==', comparator: 1, isExtra: true }],
      adhoc_filters_b: [{ subject: 'y', operator: '==', comparator: 2 }],
    });
    expect(saved).toEqual({
      datasource: '3__table',
      viz_type: 'table',
      groupby: ['gender'],
      adhoc_filters: [],
      adhoc_filters_b: [{ subject: 'y', operator: '==', comparator: 2 }],
    });
  });
});
