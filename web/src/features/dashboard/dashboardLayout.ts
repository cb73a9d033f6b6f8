import type { DashboardChart } from '@/api/generated/DashboardChart';

/**
 * The dashboard layout as the page reads it from `position_json`: components by id, each
 * `{id, type, children, parents, meta}` (quiver-core's `layout::LayoutComponent`, spec 001 §3).
 * The core owns the rules; the page only reads the document.
 */
export type ComponentType = 'ROOT' | 'GRID' | 'HEADER' | 'ROW' | 'COLUMN' | 'CHART' | 'MARKDOWN' | 'DIVIDER' | 'TABS' | 'TAB' | 'DYNAMIC';

export interface LayoutMeta {
  width?: number;
  height?: number;
  chartId?: number;
  sliceName?: string;
  sliceNameOverride?: string;
  text?: string;
  code?: string;
  headerSize?: string;
  background?: string;
}

export interface LayoutComponent {
  id: string;
  type: ComponentType;
  children: string[];
  parents?: string[];
  meta: LayoutMeta;
}

export type DashboardLayout = Readonly<Record<string, LayoutComponent>>;

export const rootId = 'ROOT_ID';

/** Grid constants of spec 001 §9 (also in quiver-core's `layout` module). */
export const gridColumnCount = 12;
export const gridBaseUnit = 8;
export const gridGutterSize = 16;
export const gridMinColumnCount = 1;

const componentTypes = new Set<string>(['ROOT', 'GRID', 'HEADER', 'ROW', 'COLUMN', 'CHART', 'MARKDOWN', 'DIVIDER', 'TABS', 'TAB', 'DYNAMIC']);

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The components of a parsed `position_json` (the version key and malformed entries dropped). */
export function layoutFromDocument(document: unknown): DashboardLayout {
  const layout: Record<string, LayoutComponent> = {};
  if (!isRecord(document)) return layout;
  for (const [key, value] of Object.entries(document)) {
    if (!isRecord(value) || typeof value.type !== 'string' || !componentTypes.has(value.type)) continue;
    const children = Array.isArray(value.children) ? value.children.filter((child): child is string => typeof child === 'string') : [];
    layout[key] = {
      id: typeof value.id === 'string' ? value.id : key,
      type: value.type as ComponentType,
      children,
      meta: isRecord(value.meta) ? (value.meta) : {},
    };
  }
  return layout;
}

/** The stored layout document, or null when there is none or it is not JSON. */
export function parsePositionJson(positionJson: string | null): unknown {
  if (positionJson === null || positionJson.trim() === '') return null;
  try {
    return JSON.parse(positionJson) as unknown;
  } catch {
    return null;
  }
}

/** Whether the layout has a root and shows every chart of the dashboard (else the core fills it in). */
export function isLayoutComplete(layout: DashboardLayout, charts: readonly DashboardChart[]): boolean {
  if (layout[rootId] === undefined) return false;
  const placed = new Set(Object.values(layout).flatMap((component) => (component.type === 'CHART' && component.meta.chartId !== undefined ? [component.meta.chartId] : [])));
  return charts.every((chart) => placed.has(chart.id));
}

/** The pixel width of `columns` grid columns, gutters between them included. */
export function widthInPixels(columns: number, columnWidth: number): number {
  const count = Math.max(gridMinColumnCount, columns);
  return count * columnWidth + (count - 1) * gridGutterSize;
}

/** The width of one grid column for a grid `gridWidth` pixels wide. */
export function columnWidthFor(gridWidth: number): number {
  return Math.max(0, (gridWidth - (gridColumnCount - 1) * gridGutterSize) / gridColumnCount);
}
