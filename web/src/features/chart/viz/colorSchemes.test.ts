import { describe, expect, it } from 'vitest';
import type { ChartFormData } from './chartRendererProps';
import { categoricalColors, colorScaleForFormData, sequentialColors } from './colorSchemes';

const formData = (extra: Record<string, unknown>): ChartFormData => ({ datasource: '1__table', viz_type: 'pie', ...extra });

describe('colour schemes', () => {
  it('uses the named scheme and falls back to supersetColors when unknown', () => {
    expect(categoricalColors('d3Category10')[0]).toBe('#1f77b4');
    expect(categoricalColors('no such scheme')[0]).toBe('#1FA8C9');
    expect(sequentialColors(undefined)[0]).toBe('#E4F3F7');
  });

  it('assigns colours in first-seen order and keeps them per label', () => {
    const scale = colorScaleForFormData(formData({ color_scheme: 'd3Category10' }));
    expect(scale.colorOf('boy')).toBe('#1f77b4');
    expect(scale.colorOf('girl')).toBe('#ff7f0e');
    expect(scale.colorOf('boy')).toBe('#1f77b4');
  });

  it('lets label_colors override the scheme', () => {
    const scale = colorScaleForFormData(formData({ label_colors: { girl: '#123456' } }));
    expect(scale.colorOf('girl')).toBe('#123456');
    expect(scale.colorOf('boy')).toBe('#1FA8C9');
  });
});
