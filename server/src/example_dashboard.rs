//! The example dashboard "Births" over the `birth_names` example: six charts, a header, a
//! markdown, a divider and tabs, created once next to the examples.

use quiver_core::layout::{ComponentType, DashboardLayout, LayoutComponent, GRID_ID, ROOT_ID};
use serde_json::{json, Value};

use crate::examples::ExamplesError;
use crate::store::chart::ChartFields;
use crate::store::dashboard::DashboardFields;
use crate::store::Store;

/// The slug of the example dashboard.
pub const EXAMPLE_DASHBOARD_SLUG: &str = "births";
/// The key-value resource that marks the example dashboard as created (so deleting it sticks).
const EXAMPLE_DASHBOARD_MARKER: &str = "example_dashboard";

/// One chart of the example: its layout id, name, viz type, form data and size.
struct ExampleChart {
    layout_id: &'static str,
    name: &'static str,
    viz_type: &'static str,
    form_data: Value,
    width: u32,
    height: u32,
}

fn sum_of_num() -> Value {
    json!({
        "aggregate": "SUM",
        "column": {"column_name": "num"},
        "expressionType": "SIMPLE",
        "hasCustomLabel": false,
        "label": "SUM(num)",
        "optionName": "metric_sum_num"
    })
}

fn example_charts() -> Vec<ExampleChart> {
    vec![
        ExampleChart {
            layout_id: "CHART-births-total",
            name: "Total births",
            viz_type: "big_number_total",
            form_data: json!({"metric": sum_of_num(), "time_range": "No filter", "header_font_size": 0.4,
                              "subheader": "babies", "y_axis_format": ",d"}),
            width: 3,
            height: 50,
        },
        ExampleChart {
            layout_id: "CHART-births-over-time",
            name: "Births over time",
            viz_type: "echarts_timeseries_line",
            form_data: json!({"x_axis": "ds", "time_grain_sqla": "P1Y", "metrics": [sum_of_num()],
                              "groupby": ["gender"], "time_range": "No filter", "row_limit": 10000,
                              "order_desc": true, "show_legend": true}),
            width: 8,
            height: 60,
        },
        ExampleChart {
            layout_id: "CHART-births-by-gender",
            name: "Births by gender",
            viz_type: "pie",
            form_data: json!({"groupby": ["gender"], "metric": sum_of_num(), "row_limit": 100,
                              "sort_by_metric": true, "time_range": "No filter", "show_legend": true}),
            width: 4,
            height: 60,
        },
        ExampleChart {
            layout_id: "CHART-births-by-state",
            name: "Births by state",
            viz_type: "table",
            form_data: json!({"query_mode": "aggregate", "groupby": ["state"], "metrics": [sum_of_num()],
                              "row_limit": 100, "order_desc": true, "time_range": "No filter",
                              "adhoc_filters": []}),
            width: 4,
            height: 60,
        },
        ExampleChart {
            layout_id: "CHART-top-states",
            name: "Top 10 states",
            viz_type: "echarts_timeseries_bar",
            form_data: json!({"x_axis": "state", "metrics": [sum_of_num()], "row_limit": 10,
                              "x_axis_sort": "SUM(num)", "x_axis_sort_asc": false, "time_range": "No filter",
                              "temporal_columns_lookup": {"ds": true, "state": false}}),
            width: 4,
            height: 60,
        },
        ExampleChart {
            layout_id: "CHART-top-names",
            name: "Top 10 names",
            viz_type: "table",
            form_data: json!({"query_mode": "aggregate", "groupby": ["name"], "metrics": [sum_of_num()],
                              "row_limit": 10, "order_desc": true, "time_range": "No filter",
                              "adhoc_filters": []}),
            width: 4,
            height: 60,
        },
    ]
}

const INTRO_MARKDOWN: &str = "## About these numbers\n\nBabies born in the United States by year, gender, \
name and state (generated example data, `birth_names`). Open a tab below for trends or places and names.";

fn component(id: &str, component_type: ComponentType, children: &[&str], meta: Value) -> LayoutComponent {
    let mut component = LayoutComponent::new(id, component_type);
    component.children = children.iter().map(|child| (*child).to_owned()).collect();
    if let Ok(meta) = serde_json::from_value(meta) {
        component.meta = meta;
    }
    component
}

/// The layout (v2): a header, a row with the total and the markdown, a divider, and tabs
/// "Trends" and "Places and names" holding the other charts.
fn example_layout(charts: &[(ExampleChart, i64, String)]) -> DashboardLayout {
    let mut layout = quiver_core::layout::empty_layout();
    let mut add = |component: LayoutComponent| {
        layout.components.insert(component.id.clone(), component);
    };
    add(component(ROOT_ID, ComponentType::Root, &[GRID_ID], json!({})));
    add(component(
        GRID_ID,
        ComponentType::Grid,
        &["HEADER-births", "ROW-summary", "DIVIDER-births", "TABS-births"],
        json!({}),
    ));
    add(component(
        "HEADER-births",
        ComponentType::Header,
        &[],
        json!({"text": "US births", "headerSize": "MEDIUM_HEADER", "background": "BACKGROUND_TRANSPARENT"}),
    ));
    add(component(
        "ROW-summary",
        ComponentType::Row,
        &["CHART-births-total", "MARKDOWN-births-intro"],
        json!({"background": "BACKGROUND_TRANSPARENT"}),
    ));
    add(component(
        "MARKDOWN-births-intro",
        ComponentType::Markdown,
        &[],
        json!({"width": 9, "height": 50, "code": INTRO_MARKDOWN}),
    ));
    add(component(
        "DIVIDER-births",
        ComponentType::Divider,
        &[],
        json!({}),
    ));
    add(component(
        "TABS-births",
        ComponentType::Tabs,
        &["TAB-trends", "TAB-places"],
        json!({}),
    ));
    add(component(
        "TAB-trends",
        ComponentType::Tab,
        &["ROW-trends"],
        json!({"text": "Trends", "defaultText": "Tab title", "placeholder": "Tab title"}),
    ));
    add(component(
        "ROW-trends",
        ComponentType::Row,
        &["CHART-births-over-time", "CHART-births-by-gender"],
        json!({"background": "BACKGROUND_TRANSPARENT"}),
    ));
    add(component(
        "TAB-places",
        ComponentType::Tab,
        &["ROW-places"],
        json!({"text": "Places and names", "defaultText": "Tab title", "placeholder": "Tab title"}),
    ));
    add(component(
        "ROW-places",
        ComponentType::Row,
        &["CHART-births-by-state", "CHART-top-states", "CHART-top-names"],
        json!({"background": "BACKGROUND_TRANSPARENT"}),
    ));
    for (chart, id, uuid) in charts {
        add(component(
            chart.layout_id,
            ComponentType::Chart,
            &[],
            json!({"chartId": id, "width": chart.width, "height": chart.height, "sliceName": chart.name,
                   "uuid": uuid}),
        ));
    }
    layout.update_parents();
    layout
}

/// Creates the example dashboard once, when the examples hold `birth_names`. Returns whether it
/// was created.
pub async fn ensure_example_dashboard(store: &Store, owner: Option<i64>) -> Result<bool, ExamplesError> {
    if store.has_value_for_resource(EXAMPLE_DASHBOARD_MARKER).await? {
        return Ok(false);
    }
    let Some(dataset_id) = store.dataset_ids(Some("birth_names")).await?.first().copied() else {
        return Ok(false);
    };
    let owners: Vec<i64> = owner.into_iter().collect();
    let mut created = Vec::new();
    for chart in example_charts() {
        let mut form_data = chart.form_data.clone();
        if let Value::Object(map) = &mut form_data {
            map.insert("datasource".to_owned(), json!(format!("{dataset_id}__table")));
            map.insert("viz_type".to_owned(), json!(chart.viz_type));
        }
        let fields = ChartFields {
            slice_name: Some(chart.name.to_owned()),
            viz_type: Some(chart.viz_type.to_owned()),
            datasource_id: Some(dataset_id),
            datasource_type: Some("table".to_owned()),
            params: Some(form_data.to_string()),
            query_context: None,
            description: None,
            cache_timeout: None,
            certified_by: None,
            certification_details: None,
            owners: Some(owners.clone()),
            dashboards: None,
        };
        let id = store.create_chart(&fields, owner).await?;
        let uuid = store.chart(id).await?.uuid;
        created.push((chart, id, uuid));
    }
    let layout = example_layout(&created);
    let chart_ids: Vec<i64> = created.iter().map(|(_, id, _)| *id).collect();
    let metadata = json!({
        "color_scheme": "supersetColors",
        "refresh_frequency": 0,
        "timed_refresh_immune_slices": [],
        "expanded_slices": {},
        "label_colors": {},
        "shared_label_colors": [],
        "color_scheme_domain": [],
        "cross_filters_enabled": true,
        "native_filter_configuration": [],
        "chart_configuration": {},
        "global_chart_configuration": {"scope": {"rootPath": [ROOT_ID], "excluded": []}, "chartsInScope": chart_ids},
        "default_filters": "{}",
        "filter_scopes": {}
    });
    let fields = DashboardFields {
        dashboard_title: "Births".to_owned(),
        slug: Some(EXAMPLE_DASHBOARD_SLUG.to_owned()),
        position_json: Some(serde_json::to_string(&layout).map_err(crate::store::StoreError::from)?),
        json_metadata: Some(metadata.to_string()),
        published: true,
        owners,
        chart_ids,
        ..DashboardFields::default()
    };
    store.create_dashboard(&fields, owner).await?;
    store
        .put_value(EXAMPLE_DASHBOARD_MARKER, EXAMPLE_DASHBOARD_SLUG, owner)
        .await?;
    tracing::info!(slug = EXAMPLE_DASHBOARD_SLUG, "created the example dashboard");
    Ok(true)
}
