//! The table and the pivot table.

use serde_json::{json, Value};

use crate::controls::choices;
use crate::controls::model::{Choice, Control, ControlSection, ControlType, Visibility};
use crate::controls::sections;
use crate::controls::shared::{self, DEFAULT_ROW_LIMIT};
use crate::query_object::viz::table::DEFAULT_SERVER_PAGE_LENGTH;

fn labelled(pairs: &[(&'static str, &'static str)]) -> Vec<Choice> {
    pairs
        .iter()
        .map(|(value, label)| Choice(json!(value), label))
        .collect()
}

/// Shown in aggregate mode (the default when `query_mode` is not `raw`).
fn in_aggregate_mode() -> Visibility {
    Visibility::is_none_of("query_mode", &[json!("raw")])
}

fn in_raw_mode() -> Visibility {
    Visibility::is_one_of("query_mode", &[json!("raw")])
}

/// Spec 000 §9: a table's page sizes (the default, 15, is the query builder's).
const SERVER_PAGE_SIZES: [(i64, &str); 5] = [(5, "5"), (15, "15"), (25, "25"), (50, "50"), (100, "100")];

/// `table`: aggregate (group by and metrics) or raw records, then display options.
pub fn table() -> Vec<ControlSection> {
    let query = vec![
        Control::select("query_mode", "Query mode", choices::query_modes()),
        shared::groupby().visible_when(in_aggregate_mode()),
        shared::time_grain_sqla().visible_when(in_aggregate_mode()),
        shared::metrics().visible_when(in_aggregate_mode()).validators(&[]),
        Control::new("all_columns", ControlType::Columns, "Columns")
            .description("Columns to display")
            .visible_when(in_raw_mode()),
        Control::new("percent_metrics", ControlType::Metrics, "Percentage metrics")
            .description(
                "Select one or many metrics to display, that will be displayed in the percentages of \
                 total. Percentage metrics will be calculated only from data within the row limit.",
            )
            .visible_when(in_aggregate_mode()),
        Control::select(
            "percent_metric_calculation",
            "Percentage metric calculation",
            labelled(&[("row_limit", "Row Limit"), ("all_records", "All Records")]),
        )
        .default(json!("row_limit"))
        .visible_when(Visibility::all(vec![in_aggregate_mode(), Visibility::is_set("percent_metrics")])),
        shared::adhoc_filters(),
        shared::sort_by_metric("timeseries_limit_metric").visible_when(in_aggregate_mode()),
        Control::new("order_by_cols", ControlType::Orderby, "Ordering")
            .description("Order results by selected columns")
            .visible_when(in_raw_mode()),
        Control::new("server_pagination", ControlType::Checkbox, "Server pagination")
            .description("Enable server side pagination of results (experimental feature)")
            .default(Value::Bool(false)),
        shared::row_limit(DEFAULT_ROW_LIMIT),
        Control::new("order_desc", ControlType::Checkbox, "Sort descending")
            .description("Whether to sort descending or ascending")
            .default(Value::Bool(true))
            .visible_when(Visibility::all(vec![
                in_aggregate_mode(),
                Visibility::is_set("timeseries_limit_metric"),
            ])),
        Control::new("show_totals", ControlType::Checkbox, "Show summary")
            .description("Show total aggregations of selected metrics. Note that row limit does not apply to the result.")
            .default(Value::Bool(false))
            .visible_when(in_aggregate_mode()),
    ];
    let options = vec![
        shared::date_format("table_timestamp_format", "Timestamp format"),
        Control::select(
            "page_length",
            "Page length",
            [
                (0, "All"),
                (10, "10"),
                (20, "20"),
                (50, "50"),
                (100, "100"),
                (200, "200"),
            ]
            .into_iter()
            .map(|(value, label)| Choice(json!(value), label))
            .collect(),
        )
        .description("Rows per page, 0 means no pagination")
        .default(json!(0))
        .free_form()
        .render_trigger(),
        Control::select(
            "server_page_length",
            "Server Page Length",
            SERVER_PAGE_SIZES
                .iter()
                .map(|(value, label)| Choice(json!(value), label))
                .collect(),
        )
        .description("Rows per page, 0 means no pagination")
        .default(json!(DEFAULT_SERVER_PAGE_LENGTH))
        .free_form()
        .visible_when(Visibility::is_one_of("server_pagination", &[json!(true)])),
        Control::checkbox("include_search", "Search box", false)
            .description("Whether to include a client-side search box"),
        Control::checkbox("show_cell_bars", "Cell bars", true)
            .description("Whether to display a bar chart background in table columns"),
        Control::checkbox("align_pn", "Align +/-", false)
            .description("Whether to align background charts with both positive and negative values at 0"),
        Control::checkbox("color_pn", "Color +/-", true)
            .description("Whether to colorize numeric values by whether they are positive or negative"),
        Control::checkbox("allow_rearrange_columns", "Allow columns to be rearranged", false)
            .description("Allow end user to drag-and-drop column headers to rearrange them."),
        Control::new("column_config", ControlType::ColumnConfig, "Customize columns")
            .description("Further customize how to display each column")
            .default(json!({}))
            .render_trigger(),
        Control::new(
            "conditional_formatting",
            ControlType::ConditionalFormatting,
            "Conditional formatting",
        )
        .description("Apply conditional color formatting to numeric columns")
        .default(json!([]))
        .render_trigger(),
    ];
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Options", options),
    ]
}

fn pivot_orders() -> Vec<Choice> {
    labelled(&[
        ("key_a_to_z", "key a-z"),
        ("key_z_to_a", "key z-a"),
        ("value_a_to_z", "value ascending"),
        ("value_z_to_a", "value descending"),
    ])
}

fn pivot_aggregate_functions() -> Vec<Choice> {
    let names = [
        "Count",
        "Count Unique Values",
        "List Unique Values",
        "Sum",
        "Average",
        "Median",
        "Sample Variance",
        "Sample Standard Deviation",
        "Minimum",
        "Maximum",
        "First",
        "Last",
        "Sum as Fraction of Total",
        "Sum as Fraction of Rows",
        "Sum as Fraction of Columns",
        "Count as Fraction of Total",
        "Count as Fraction of Rows",
        "Count as Fraction of Columns",
    ];
    names.into_iter().map(|name| Choice(json!(name), name)).collect()
}

/// `pivot_table_v2`: rows and columns of dimensions, metrics aggregated in the cells.
pub fn pivot_table() -> Vec<ControlSection> {
    let query = vec![
        shared::groupby_named("groupbyColumns", "Columns")
            .description("Columns to group by on the columns"),
        shared::groupby_named("groupbyRows", "Rows").description("Columns to group by on the rows"),
        shared::time_grain_sqla(),
        shared::metrics(),
        Control::select("metricsLayout", "Apply metrics on", labelled(&[("COLUMNS", "columns"), ("ROWS", "rows")]))
            .description("Use metrics as a top level group for columns or for rows")
            .default(json!("COLUMNS"))
            .render_trigger(),
        shared::adhoc_filters(),
        shared::series_limit("series_limit").labelled("Cell limit").description("Limits the number of cells that get retrieved."),
        shared::sort_by_metric("series_limit_metric"),
        shared::order_desc("series_limit_metric"),
        shared::row_limit(DEFAULT_ROW_LIMIT),
        Control::select("aggregateFunction", "Aggregation function", pivot_aggregate_functions())
            .description(
                "Aggregate function to apply when pivoting and computing the total rows and columns",
            )
            .default(json!("Sum"))
            .not_clearable()
            .render_trigger(),
        Control::checkbox("rowTotals", "Show rows total", false).description("Display row level total"),
        Control::checkbox("rowSubTotals", "Show rows subtotal", false).description("Display row level subtotal"),
        Control::checkbox("colTotals", "Show columns total", false).description("Display column level total"),
        Control::checkbox("colSubTotals", "Show columns subtotal", false).description("Display column level subtotal"),
        Control::checkbox("transposePivot", "Transpose pivot", false).description("Swap rows and columns"),
        Control::checkbox("combineMetric", "Combine metrics", false)
            .description("Display metrics side by side within each column, as opposed to each column being displayed side by side for each metric."),
    ];
    let options = vec![
        shared::number_format("valueFormat", "Value format"),
        shared::currency_format(),
        shared::date_format("date_format", "Date format"),
        Control::select("rowOrder", "Rows sort by", pivot_orders())
            .description("Change order of rows.")
            .default(json!("key_a_to_z"))
            .render_trigger(),
        Control::select("colOrder", "Cols sort by", pivot_orders())
            .description("Change order of columns.")
            .default(json!("key_a_to_z"))
            .render_trigger(),
        Control::new(
            "conditional_formatting",
            ControlType::ConditionalFormatting,
            "Conditional formatting",
        )
        .description("Apply conditional color formatting to metrics")
        .default(json!([]))
        .render_trigger(),
    ];
    vec![
        sections::legacy_time(),
        ControlSection::data("Query", query),
        ControlSection::customize("Options", options),
    ]
}
