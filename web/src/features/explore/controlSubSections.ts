/**
 * Superset's `ControlSubSectionHeader` rows: headings shown above a control inside a section.
 * "Advanced analytics" has three, for query A and the mixed chart's query B (`_b`). quiver-core's
 * catalogue does not carry them (decision 0036), so they are named here by the control they head.
 */
const headingsByFirstControl: Readonly<Record<string, string>> = {
  rolling_type: 'Rolling window',
  rolling_type_b: 'Rolling window',
  time_compare: 'Time comparison',
  time_compare_b: 'Time comparison',
  resample_rule: 'Resample',
  resample_rule_b: 'Resample',
};

/** The heading shown above a control, if one is: `rolling_type` is under "Rolling window". */
export function subSectionHeadingBefore(controlName: string): string | null {
  return headingsByFirstControl[controlName] ?? null;
}
