import { Group } from '@visx/group';
import { Treemap, hierarchy, treemapSquarify } from '@visx/hierarchy';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { buildCategoryHierarchy, type HierarchyNode } from '../categoryHierarchy';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readColumnLabels, readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { splitDimensionsAndMetrics } from '../queryColumns';
import { timeFormatter } from '../timeFormat';
import { pieSliceLabel, readPieLabelType } from '../pie/pieLabels';
import { useChartTooltip } from '../useChartTooltip';
import { markValue } from '../markValues';
import { emitMarkContextMenu } from '../drillValues';

const percentFormatter = numberFormatter('.2%');

/**
 * `treemap_v2`: nested rectangles for the `groupby` levels, each leaf sized by `metric`. As in
 * Superset there is no legend; the tooltip gives the path, the value and its share of the parent.
 */
export function TreemapChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const metricName = splitDimensionsAndMetrics(data.columns, readColumnLabels(formData, 'groupby')).metrics[0]?.name ?? '';
  const formatTime = timeFormatter(readFormString(formData, 'date_format', 'smart_date'));
  const tree = buildCategoryHierarchy(data, formData, 'groupby', metricName, formatTime);
  if (tree.children.length === 0 || tree.value <= 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const showLabels = readFormBoolean(formData, 'show_labels', true);
  const showUpperLabels = readFormBoolean(formData, 'show_upper_labels', true);
  const labelType = readPieLabelType(formData.label_type ?? 'key_value');
  const root = hierarchy<HierarchyNode>(tree, (node) => node.children)
    .sum((node) => (node.children.length === 0 ? Math.max(node.value, 0) : 0))
    .sort((left, right) => (right.value ?? 0) - (left.value ?? 0));
  return (
    <ChartFrame width={width} height={height} theme={theme} tooltip={tooltip} legendItems={null}>
      <Treemap<HierarchyNode> root={root} size={[width, height]} tile={treemapSquarify} paddingInner={1} paddingTop={(node) => (node.depth > 0 && node.children ? 16 : 0)} round>
        {(treemap) => (
          <Group>
            {treemap.descendants().filter((node) => node.depth > 0).map((node) => {
              const nodeWidth = node.x1 - node.x0;
              const nodeHeight = node.y1 - node.y0;
              const topLevel = node.ancestors().find((ancestor) => ancestor.depth === 1);
              const color = colorScale.colorOf(topLevel?.data.name ?? node.data.name);
              const isLeaf = node.children === undefined;
              const label = pieSliceLabel(labelType, node.data.name, node.value ?? 0, tree.value, formatValue);
              return (
                <Group key={node.data.path.join('\u0000')} top={node.y0} left={node.x0}>
                  <rect
                    data-testid={isLeaf ? testIds.viz.mark : undefined}
                    data-kind="tile"
                    data-series={node.data.path.join(' / ')}
                    data-value={markValue(node.value)}
                    width={nodeWidth}
                    height={nodeHeight}
                    fill={color}
                    fillOpacity={isLeaf ? 0.85 : 0.35}
                    stroke={theme.colors.surface}
                    onMouseMove={(event) =>
                      tooltip.showAtPointer(event, {
                        title: node.data.path.join(' ▸ '),
                        rows: [{ label: metricName, value: formatValue(node.value ?? 0), color, detail: percentFormatter((node.value ?? 0) / (node.parent?.value || 1)) }],
                      })
                    }
                    onMouseLeave={tooltip.hide}
                    onContextMenu={(event) => emitMarkContextMenu(event, [...node.data.drillValues], onMarkContextMenu)}
                  />
                  {(isLeaf ? showLabels : showUpperLabels) && nodeWidth > 40 && nodeHeight > 14 && (
                    <text data-testid={testIds.viz.label} x={4} y={12} fontSize={theme.fontSizes.xs} fill={theme.colors.textOnPrimary} pointerEvents="none">
                      {label}
                    </text>
                  )}
                </Group>
              );
            })}
          </Group>
        )}
      </Treemap>
    </ChartFrame>
  );
}
