import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { testIds } from '@/testIds';
import { renderWithTheme } from '@/testRendering';
import { column, queryData, rendererProps } from '../rendererTestProps';
import { SunburstChart } from './SunburstChart';

describe('SunburstChart', () => {
  it('draws an arc per group at each level and the total in the middle', () => {
    const data = queryData(column('state', 1, ['CA', 'CA', 'NY']), column('gender', 1, ['boy', 'girl', 'boy']), column('SUM(num)', 0, [60, 30, 10]));
    renderWithTheme(<SunburstChart {...rendererProps('sunburst_v2', data, { columns: ['state', 'gender'], number_format: ',d' })} />);
    expect(screen.getAllByTestId(testIds.viz.mark).map((arc) => arc.getAttribute('data-series'))).toEqual(['CA', 'CA / boy', 'CA / girl', 'NY', 'NY / boy']);
    expect(screen.getByText('100')).toBeTruthy();
  });
});
