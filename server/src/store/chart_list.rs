//! The chart list (`GET /api/v1/chart/?q=`): what may be filtered and sorted, Superset's own
//! chart filters, and the rows of one page with their owners, dashboards and tags.

use sqlx::Row;

use super::list::{
    ilike, like_literal, value_text, Bound, ColumnKind, Conditions, ListColumn, ListFilter, ListSpec,
};
use super::list_filters::{certified_condition, favorite_condition, tag_condition, TagBy};
use super::list_rows::{user_at, ListTag, ListUser, AUTHOR_COLUMNS, CHART_OWNERS};
use super::stored_document::read_form_data;
use super::{get_bool, Store, StoreResult};

/// Superset's `FavStar.class_name` for charts.
pub const CHART_FAVORITE_CLASS: &str = "slice";
/// `tagged_object.object_type` for charts.
pub const CHART_TAG_TYPE: &str = "chart";

const FROM: &str = "slices \
    LEFT JOIN tables ON slices.datasource_type = 'table' AND tables.id = slices.datasource_id \
    LEFT JOIN ab_user changed_by ON changed_by.id = slices.changed_by_fk";

/// Filters and orders of the chart list, as Superset's `ChartRestApi` declares them.
pub const CHART_LIST: ListSpec = ListSpec {
    from: FROM,
    id: "slices.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "slices.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "slice_name",
            sql: "slices.slice_name",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "viz_type",
            sql: "slices.viz_type",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "description",
            sql: "slices.description",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "datasource_id",
            sql: "slices.datasource_id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "datasource_type",
            sql: "slices.datasource_type",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "datasource_name",
            sql: "tables.table_name",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "changed_on",
            sql: "slices.changed_on",
            kind: ColumnKind::Time,
        },
        ListColumn {
            name: "created_by",
            sql: "slices.created_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_by",
            sql: "slices.changed_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "owners",
            sql: "",
            kind: ColumnKind::RelatedMany {
                related_ids: "SELECT user_id FROM slice_user WHERE slice_id = {id}",
            },
        },
        ListColumn {
            name: "dashboards",
            sql: "",
            kind: ColumnKind::RelatedMany {
                related_ids: "SELECT dashboard_id FROM dashboard_slices WHERE slice_id = {id}",
            },
        },
    ],
    order_columns: &[
        ("id", "slices.id"),
        ("slice_name", "LOWER(slices.slice_name)"),
        ("viz_type", "slices.viz_type"),
        ("datasource_id", "slices.datasource_id"),
        ("datasource_name", "LOWER(tables.table_name)"),
        ("description", "slices.description"),
        ("changed_on", "slices.changed_on"),
        ("changed_on_delta_humanized", "slices.changed_on"),
        ("last_saved_at", "slices.changed_on"),
        ("changed_by.first_name", "changed_by.first_name"),
        ("last_saved_by.id", "slices.changed_by_fk"),
        ("created_on", "slices.created_on"),
    ],
    default_order: ("changed_on_delta_humanized", true),
    custom: Some(chart_filter),
};

/// Superset's chart filters: `chart_all_text` (name, description, type, dataset),
/// `chart_is_favorite`, `chart_is_certified`, `chart_tags` / `chart_tag_id`,
/// `chart_owned_created_favored_by_me`.
fn chart_filter(
    filter: &ListFilter,
    conditions: &mut Conditions,
    user_id: Option<i64>,
) -> Option<StoreResult<()>> {
    let result = match filter.operator.as_str() {
        "chart_all_text" => value_text(filter).map(|text| {
            let pattern = format!("%{}%", like_literal(text.trim()));
            let any = [
                "slices.slice_name",
                "slices.description",
                "slices.viz_type",
                "tables.table_name",
            ]
            .iter()
            .map(|sql| ilike(conditions, sql, pattern.clone(), false))
            .collect::<Vec<_>>()
            .join(" OR ");
            conditions.push(format!("({any})"));
        }),
        "chart_is_favorite" => {
            favorite_condition(filter, conditions, user_id, CHART_FAVORITE_CLASS, "slices.id")
        }
        "chart_is_certified" => certified_condition(filter, conditions, "slices.certified_by"),
        "chart_tags" => tag_condition(filter, conditions, TagBy::Name, CHART_TAG_TYPE, "slices.id"),
        "chart_tag_id" => tag_condition(filter, conditions, TagBy::Id, CHART_TAG_TYPE, "slices.id"),
        "chart_owned_created_favored_by_me" => {
            let user = conditions.bind(Bound::Integer(user_id.unwrap_or(-1)));
            let class = conditions.bind(Bound::Text(CHART_FAVORITE_CLASS.to_owned()));
            conditions.push(format!(
                "(slices.created_by_fk = {user} \
                  OR slices.id IN (SELECT slice_id FROM slice_user WHERE user_id = {user}) \
                  OR slices.id IN (SELECT obj_id FROM favstar WHERE user_id = {user} AND class_name = {class}))"
            ));
            Ok(())
        }
        _ => return None,
    };
    Some(result)
}

/// One row of the chart list.
#[derive(Debug, Clone, PartialEq)]
pub struct ChartListRow {
    pub id: i64,
    pub uuid: String,
    pub slice_name: String,
    pub viz_type: String,
    pub description: Option<String>,
    pub cache_timeout: Option<i64>,
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
    pub datasource_id: Option<i64>,
    pub datasource_type: Option<String>,
    pub datasource_name: Option<String>,
    pub datasource_schema: Option<String>,
    pub params: Option<String>,
    pub changed_on: String,
    pub created_on: String,
    pub changed_by: Option<ListUser>,
    pub created_by: Option<ListUser>,
    pub owners: Vec<ListUser>,
    /// `(id, dashboard_title)`.
    pub dashboards: Vec<(i64, String)>,
    pub tags: Vec<ListTag>,
    /// Whether the caller starred it.
    pub favorite: bool,
}

impl Store {
    /// The rows of the charts `ids`, in the order of `ids`.
    pub async fn chart_list_rows(&self, ids: &[i64], user_id: Option<i64>) -> StoreResult<Vec<ChartListRow>> {
        let select = format!(
            "SELECT slices.id, slices.uuid, slices.slice_name, slices.viz_type, slices.description,
                    slices.cache_timeout, slices.certified_by, slices.certification_details,
                    slices.is_managed_externally, slices.datasource_id, slices.datasource_type, slices.params,
                    slices.changed_on, slices.created_on, tables.table_name, tables.schema, {AUTHOR_COLUMNS}
             FROM {FROM}
             LEFT JOIN ab_user created_by ON created_by.id = slices.created_by_fk
             WHERE slices.id"
        );
        let mut rows = self.rows_by_id(&select, ids).await?;
        let mut owners = self.list_owners(CHART_OWNERS, ids).await?;
        let mut dashboards = self
            .related_names(
                "SELECT dashboard_slices.slice_id AS object_id, dashboards.id, dashboards.dashboard_title AS name
                 FROM dashboard_slices JOIN dashboards ON dashboards.id = dashboard_slices.dashboard_id
                 WHERE dashboard_slices.slice_id IN ({ids}) ORDER BY dashboards.id",
                ids,
            )
            .await?;
        let mut tags = self.list_tags(CHART_TAG_TYPE, ids).await?;
        let favorites = self.list_favorites(CHART_FAVORITE_CLASS, user_id, ids).await?;
        let mut charts = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(row) = rows.remove(id) else { continue };
            charts.push(ChartListRow {
                id: *id,
                uuid: row.try_get("uuid")?,
                slice_name: row.try_get("slice_name")?,
                viz_type: row.try_get("viz_type")?,
                description: row.try_get("description")?,
                cache_timeout: row.try_get("cache_timeout")?,
                certified_by: row.try_get("certified_by")?,
                certification_details: row.try_get("certification_details")?,
                is_managed_externally: get_bool(&row, "is_managed_externally")?,
                datasource_id: row.try_get("datasource_id")?,
                datasource_type: row.try_get("datasource_type")?,
                datasource_name: row.try_get("table_name")?,
                datasource_schema: row.try_get("schema")?,
                params: read_form_data(row.try_get("params")?),
                changed_on: row.try_get("changed_on")?,
                created_on: row.try_get("created_on")?,
                changed_by: user_at(&row, "changed_by")?,
                created_by: user_at(&row, "created_by")?,
                owners: owners.remove(id).unwrap_or_default(),
                dashboards: dashboards.remove(id).unwrap_or_default(),
                tags: tags.remove(id).unwrap_or_default(),
                favorite: favorites.contains(id),
            });
        }
        Ok(charts)
    }
}
