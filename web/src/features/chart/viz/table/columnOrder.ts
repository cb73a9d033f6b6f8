/**
 * `allow_rearrange_columns` (Superset's table): the reader drags a header onto another to move its
 * column there. The order is the chart's, for this view only (never saved).
 */

/** The column names in the order shown: `order`'s names still present first, then new ones in result order. */
export function orderedColumnNames(resultNames: readonly string[], order: readonly string[]): string[] {
  const present = new Set(resultNames);
  const ordered = order.filter((name) => present.has(name));
  const placed = new Set(ordered);
  return [...ordered, ...resultNames.filter((name) => !placed.has(name))];
}

/**
 * The order after dropping `dragged` on `target`: `dragged` takes `target`'s place, the columns
 * between shift by one (`[a, b, c, d]`, c dropped on a: `[c, a, b, d]`; a dropped on c: `[b, c, a, d]`).
 */
export function movedColumnOrder(names: readonly string[], dragged: string, target: string): string[] {
  const from = names.indexOf(dragged);
  const to = names.indexOf(target);
  if (from < 0 || to < 0 || from === to) return [...names];
  const moved = names.filter((name) => name !== dragged);
  moved.splice(to, 0, dragged);
  return moved;
}
