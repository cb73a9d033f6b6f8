import { Group } from '@visx/group';
import { scaleLinear } from '@visx/scale';
import { Arc } from '@visx/shape';
import type { JSX } from 'react';
import { testIds } from '@/testIds';
import { buildCategoryHierarchy, type HierarchyNode } from '../categoryHierarchy';
import { ChartEmptyState } from '../ChartEmptyState';
import { ChartFrame } from '../ChartFrame';
import type { ChartFormData, ChartQueryData, ChartRendererProps } from '../chartRendererProps';
import { colorScaleForFormData, sequentialColors } from '../colorSchemes';
import { readColumnLabels, readFormBoolean, readFormNumber, readFormString } from '../formDataValues';
import { numberFormatter, type NumberFormatter } from '../numberFormat';
import { splitDimensionsAndMetrics } from '../queryColumns';
import { timeFormatter, type TimeFormatter } from '../timeFormat';
import { pieSliceLabel, readPieLabelType } from '../pie/pieLabels';
import { useChartTooltip, type TooltipRow } from '../useChartTooltip';
import { markValue } from '../markValues';
import { emitMarkContextMenu } from '../drillValues';

interface SunburstArc {
  node: HierarchyNode;
  /** The ring's parent arc's node; the root for the innermost ring. */
  parent: HierarchyNode;
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
      arcs.push({ node: child, parent: node, depth, startAngle: angle, endAngle: angle + span, topLevelName: childTopLevel });
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

const percentFormatter = numberFormatter('.2%');

/** The secondary metric's sums by node path, when `secondary_metric` gives the result a second metric column. */
interface SecondaryMetric {
  name: string;
  valueOf: (node: HierarchyNode) => number;
}

function pathKey(node: HierarchyNode): string {
  return node.path.join('\u0000');
}

function readSecondaryMetric(data: ChartQueryData, formData: ChartFormData, formatTime: TimeFormatter): SecondaryMetric | null {
  if (formData.secondary_metric === undefined || formData.secondary_metric === null || formData.secondary_metric === '') return null;
  const [primary, secondary] = splitDimensionsAndMetrics(data.columns, readColumnLabels(formData, 'columns')).metrics;
  if (secondary === undefined) return null;
  // The same tree with the secondary metric as its first metric column.
  const secondaryTree = buildCategoryHierarchy({ ...data, columns: data.columns.filter((column) => column !== primary) }, formData, 'columns', '', formatTime);
  const sums = new Map<string, number>();
  const visit = (node: HierarchyNode): void => {
    sums.set(pathKey(node), node.value);
    node.children.forEach(visit);
  };
  visit(secondaryTree);
  return { name: secondary.name, valueOf: (node) => sums.get(pathKey(node)) ?? 0 };
}

/**
 * Superset's sunburst tooltip: the metric's value, its share of the total and, below the first
 * ring, of its parent; with a secondary metric, its value and its ratio to the primary.
 */
function arcTooltipRows(arc: SunburstArc, total: number, metricName: string, secondary: SecondaryMetric | null, formatValue: NumberFormatter, color: string): TooltipRow[] {
  const rows: TooltipRow[] = [
    { label: metricName, value: formatValue(arc.node.value), color },
    { label: '% of total', value: percentFormatter(arc.node.value / (total || 1)) },
  ];
  if (arc.depth > 1) rows.push({ label: '% of parent', value: percentFormatter(arc.node.value / (arc.parent.value || 1)) });
  if (secondary !== null) {
    const secondaryValue = secondary.valueOf(arc.node);
    rows.push({ label: secondary.name, value: formatValue(secondaryValue) });
    rows.push({ label: `${secondary.name} / ${metricName}`, value: percentFormatter(secondaryValue / (arc.node.value || 1)) });
  }
  return rows;
}

/**
 * `sunburst_v2`: rings for the `columns` levels, inner to outer, each arc sized by `metric` and
 * coloured by its first ring's group, or with `secondary_metric` by the ratio of the secondary to
 * the primary on `linear_color_scheme`. As in Superset there is no legend; "Total: …" shows in the
 * middle with `show_total`.
 */
export function SunburstChart({ data, formData, width, height, theme, onMarkContextMenu }: ChartRendererProps): JSX.Element {
  const tooltip = useChartTooltip();
  const metricName = splitDimensionsAndMetrics(data.columns, readColumnLabels(formData, 'columns')).metrics[0]?.name ?? '';
  const formatTime = timeFormatter(readFormString(formData, 'date_format', 'smart_date'));
  const tree = buildCategoryHierarchy(data, formData, 'columns', metricName, formatTime);
  if (tree.children.length === 0 || tree.value <= 0) return <ChartEmptyState height={height} />;
  const colorScale = colorScaleForFormData(formData);
  const secondary = readSecondaryMetric(data, formData, formatTime);
  const arcs = sunburstArcs(tree);
  const ratioOf = (node: HierarchyNode): number => (secondary === null || node.value === 0 ? 0 : secondary.valueOf(node) / node.value);
  const ratios = arcs.map((arc) => ratioOf(arc.node));
  const stops = sequentialColors(formData.linear_color_scheme);
  const [lowRatio, highRatio] = [Math.min(0, ...ratios), Math.max(0, ...ratios)];
  const ratioScale = scaleLinear<string>({
    domain: stops.map((_stop, index) => lowRatio + ((highRatio - lowRatio) * index) / Math.max(stops.length - 1, 1)),
    range: [...stops],
  });
  const formatValue = numberFormatter(readFormString(formData, 'number_format', 'SMART_NUMBER'));
  const showLabels = readFormBoolean(formData, 'show_labels', true);
  const labelType = readPieLabelType(formData.label_type);
  // `show_labels_threshold` is a percentage of the circle, as ECharts' label `minAngle`.
  const labelMinAngle = (readFormNumber(formData, 'show_labels_threshold', 5) / 100) * 2 * Math.PI;
  const depth = treeDepth(tree);
  const ringWidth = (Math.min(width, height) / 2 - 8) / (depth + 0.5);
  const centerRadius = ringWidth / 2;
  return (
    <ChartFrame width={width} height={height} theme={theme} tooltip={tooltip} legendItems={null}>
      <Group left={width / 2} top={height / 2}>
        {arcs.map((arc) => {
          const innerRadius = centerRadius + (arc.depth - 1) * ringWidth;
          const color = secondary === null ? colorScale.colorOf(arc.topLevelName) : ratioScale(ratioOf(arc.node));
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
                fillOpacity={secondary === null ? 1 - (arc.depth - 1) * 0.15 : 1}
                stroke={theme.colors.surface}
                onMouseMove={(event) =>
                  tooltip.showAtPointer(event, { title: arc.node.path.join(' ▸ '), rows: arcTooltipRows(arc, tree.value, metricName, secondary, formatValue, color) })
                }
                onMouseLeave={tooltip.hide}
                onContextMenu={(event) => emitMarkContextMenu(event, [...arc.node.drillValues], onMarkContextMenu)}
              />
              {showLabels && arc.endAngle - arc.startAngle >= labelMinAngle && (
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
                  {pieSliceLabel(labelType, arc.node.name, arc.node.value, tree.value, formatValue)}
                </text>
              )}
            </g>
          );
        })}
        {readFormBoolean(formData, 'show_total', false) && (
          <text textAnchor="middle" dominantBaseline="middle" fill={theme.colors.text} fontSize={theme.fontSizes.s} fontWeight={600}>
            {`Total: ${formatValue(tree.value)}`}
          </text>
        )}
      </Group>
    </ChartFrame>
  );
}
