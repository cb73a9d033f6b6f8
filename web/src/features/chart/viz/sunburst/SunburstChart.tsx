import { Group } from '@visx/group';
import { Arc } from '@visx/shape';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { buildCategoryHierarchy, type HierarchyNode } from '../categoryHierarchy';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame } from '../ChartFrame';
import type { ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData } from '../colorSchemes';
import { readFormBoolean, readFormString } from '../formDataValues';
import { numberFormatter } from '../numberFormat';
import { pieSliceLabel } from '../pie/pieLabels';
import { useChartTooltip } from '../useChartTooltip';
import { markValue } from '../markValues';
import { emitMarkContextMenu } from '../drillValues';

interface SunburstArc {
  node: HierarchyNode;
  depth: number;
  startAngle: number;
  endAngle: number;
  topLevelName: string;
}

/** Splits each node's angle among its children by value, ring by ring. */
function sunburstArcs(root: HierarchyNode): SunburstArc[] {
  const arcs: SunburstArc[] = [];
  const place = (node: HierarchyNode, depth: number, startAngle: number, endAngle: number, topLevelName: string): void => {
    let angle = startAngle;
    const total = node.children.reduce((sum, child) => sum + Math.max(child.value, 0), 0);
    for (const child of node.children) {
      const span = total === 0 ? 0 : ((endAngle - startAngle) * Math.max(child.value, 0)) / total;
      const childTopLevel = depth === 1 ? child.name : topLevelName;
      arcs.push({ node: child, depth, startAngle: angle, endAngle: angle + span, topLevelName: childTopLevel });
      place(child, depth + 1, angle, angle + span, childTopLevel);
      angle += span;
    }
  };
  place(root, 1, 0, 2 * Math.PI, '');
  return arcs;
}

function treeDepth(node: HierarchyNode): number {
  return node.children.length === 0 ? 0 : 1 + Math.max(...node.children.map(treeDepth));
}

/** `sunburst_v2`: rings for the `columns` levels, inner to outer, each arc sized by `metric`. */
export function SunburstChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const tree = buildCategoryHierarchy(data, formData, 'columns', 'Total');
  if (tree.children.length === 0 || tree.value <= 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const showLabels = readFormBoolean(formData, 'show_labels', true);
  const depth = treeDepth(tree);
  const ringWidth = (Math.min(width, height) / 2 - 8) / (depth + 0.5);
  const centerRadius = ringWidth / 2;
  return (
    <ChartFrame width={width} height={height} theme={theme} tooltip={tooltip} legendItems={null}>
      <Group left={width / 2} top={height / 2}>
        {sunburstArcs(tree).map((arc) => {
          const innerRadius = centerRadius + (arc.depth - 1) * ringWidth;
          const color = colorScale.colorOf(arc.topLevelName);
          const middleAngle = (arc.startAngle + arc.endAngle) / 2;
          const labelRadius = innerRadius + ringWidth / 2;
          return (
            <g key={arc.node.path.join('\u0000')}>
              <Arc
                data-testid={testIds.viz.mark}
                data-kind="arc"
                data-series={arc.node.path.join(' / ')}
                data-value={markValue(arc.node.value)}
                startAngle={arc.startAngle}
                endAngle={arc.endAngle}
                innerRadius={innerRadius}
                outerRadius={innerRadius + ringWidth}
                fill={color}
                fillOpacity={1 - (arc.depth - 1) * 0.15}
                stroke={theme.colors.surface}
                onMouseMove={(event) =>
                  tooltip.showAtPointer(event, { title: arc.node.path.join(' / '), rows: [{ label: 'Value', value: pieSliceLabel('value_percent', '', arc.node.value, tree.value, formatValue), color }] })
                }
                onMouseLeave={tooltip.hide}
                onContextMenu={(event) => emitMarkContextMenu(event, [...arc.node.drillValues], onMarkContextMenu)}
              />
              {showLabels && arc.endAngle - arc.startAngle > 0.2 && (
                <text
                  data-testid={testIds.viz.label}
                  x={Math.sin(middleAngle) * labelRadius}
                  y={-Math.cos(middleAngle) * labelRadius}
                  textAnchor="middle"
                  dominantBaseline="middle"
                  fontSize={theme.fontSizes.xs}
                  fill={theme.colors.textOnPrimary}
                  pointerEvents="none"
                >
                  {arc.node.name}
                </text>
              )}
            </g>
          );
        })}
        <text textAnchor="middle" dominantBaseline="middle" fill={theme.colors.text} fontSize={theme.fontSizes.s} fontWeight={600}>
          {formatValue(tree.value)}
        </text>
      </Group>
    </ChartFrame>
  );
}
