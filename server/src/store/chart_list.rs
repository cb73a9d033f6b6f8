//! The chart list (`GET /api/v1/chart/?q=`): what may be filtered and sorted, Superset's own
//! chart filters, and the rows of one page with their owners, dashboards and tags.

use std::collections::HashMap;

use sqlx::any::AnyRow;
use sqlx::Row;

use super::list::{
    ilike, invalid, like_literal, value_bool, value_integer, value_text, Bound, ColumnKind, Conditions,
    ListColumn, ListFilter, ListSpec,
};
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
            let any = ["slices.slice_name", "slices.description", "slices.viz_type", "tables.table_name"]
                .iter()
                .map(|sql| ilike(conditions, sql, pattern.clone(), false))
                .collect::<Vec<_>>()
                .join(" OR ");
            conditions.push(format!("({any})"));
        }),
        "chart_is_favorite" => value_bool(filter).map(|favorite| {
            let user = conditions.bind(Bound::Integer(user_id.unwrap_or(-1)));
            let class = conditions.bind(Bound::Text(CHART_FAVORITE_CLASS.to_owned()));
            let not = if favorite { "" } else { "NOT " };
            conditions.push(format!(
                "slices.id {not}IN (SELECT obj_id FROM favstar WHERE user_id = {user} AND class_name = {class})"
            ));
        }),
        "chart_is_certified" => value_bool(filter).map(|certified| {
            conditions.push(if certified {
                "(slices.certified_by IS NOT NULL AND slices.certified_by <> '')".to_owned()
            } else {
                "(slices.certified_by IS NULL OR slices.certified_by = '')".to_owned()
            });
        }),
        "chart_tags" | "chart_tag_id" => tag_condition(filter, conditions),
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

/// Charts carrying a tag: by name (`chart_tags`, exact, case-insensitive) or by id (`chart_tag_id`).
fn tag_condition(filter: &ListFilter, conditions: &mut Conditions) -> StoreResult<()> {
    let object_type = conditions.bind(Bound::Text(CHART_TAG_TYPE.to_owned()));
    let tag = if filter.operator == "chart_tag_id" {
        let id = conditions.bind(Bound::Integer(value_integer(filter)?));
        format!("tag.id = {id}")
    } else {
        let name = value_text(filter)?;
        if name.trim().is_empty() {
            return Err(invalid("A tag filter needs a tag"));
        }
        let name = conditions.bind(Bound::Text(name.trim().to_lowercase()));
        format!("LOWER(tag.name) = {name}")
    };
    conditions.push(format!(
        "slices.id IN (SELECT tagged_object.object_id FROM tagged_object \
         JOIN tag ON tag.id = tagged_object.tag_id WHERE tagged_object.object_type = {object_type} AND {tag})"
    ));
    Ok(())
}

/// A user as lists show them.
#[derive(Debug, Clone, PartialEq)]
pub struct ListUser {
    pub id: i64,
    pub first_name: String,
    pub last_name: String,
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
    /// `(id, name, type)`.
    pub tags: Vec<(i64, String, String)>,
    /// Whether the caller starred it.
    pub favorite: bool,
}

/// The user whose `{prefix}_id`, `{prefix}_first_name` and `{prefix}_last_name` a row holds.
pub(crate) fn user_at(row: &AnyRow, prefix: &str) -> StoreResult<Option<ListUser>> {
    let id: Option<i64> = row.try_get(format!("{prefix}_id").as_str())?;
    Ok(match id {
        Some(id) => Some(ListUser {
            id,
            first_name: row.try_get(format!("{prefix}_first_name").as_str())?,
            last_name: row.try_get(format!("{prefix}_last_name").as_str())?,
        }),
        None => None,
    })
}

/// `$1, $2, ...` for `count` values bound after `already` others.
fn placeholders(count: usize, already: usize) -> String {
    (1..=count)
        .map(|number| format!("${}", number + already))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Store {
    /// The rows of the charts `ids`, in the order of `ids`.
    pub async fn chart_list_rows(&self, ids: &[i64], user_id: Option<i64>) -> StoreResult<Vec<ChartListRow>> {
        if ids.is_empty() {
            return Ok(Vec::new());
        }
        let id_list = placeholders(ids.len(), 0);
        let rows_sql = format!(
            "SELECT slices.id, slices.uuid, slices.slice_name, slices.viz_type, slices.description,
                    slices.cache_timeout, slices.certified_by, slices.certification_details,
                    slices.is_managed_externally, slices.datasource_id, slices.datasource_type, slices.params,
                    slices.changed_on, slices.created_on, tables.table_name, tables.schema,
                    changed_by.id AS changed_by_id, changed_by.first_name AS changed_by_first_name,
                    changed_by.last_name AS changed_by_last_name,
                    created_by.id AS created_by_id, created_by.first_name AS created_by_first_name,
                    created_by.last_name AS created_by_last_name
             FROM {FROM}
             LEFT JOIN ab_user created_by ON created_by.id = slices.created_by_fk
             WHERE slices.id IN ({id_list})"
        );
        let mut query = sqlx::query(&rows_sql);
        for id in ids {
            query = query.bind(*id);
        }
        let mut by_id: HashMap<i64, ChartListRow> = HashMap::new();
        for row in query.fetch_all(&self.pool).await? {
            let id: i64 = row.try_get("id")?;
            by_id.insert(
                id,
                ChartListRow {
                    id,
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
                    params: row.try_get("params")?,
                    changed_on: row.try_get("changed_on")?,
                    created_on: row.try_get("created_on")?,
                    changed_by: user_at(&row, "changed_by")?,
                    created_by: user_at(&row, "created_by")?,
                    owners: Vec::new(),
                    dashboards: Vec::new(),
                    tags: Vec::new(),
                    favorite: false,
                },
            );
        }

        let owners_sql = format!(
            "SELECT slice_user.slice_id, ab_user.id, ab_user.first_name, ab_user.last_name
             FROM slice_user JOIN ab_user ON ab_user.id = slice_user.user_id
             WHERE slice_user.slice_id IN ({id_list}) ORDER BY ab_user.id"
        );
        let mut query = sqlx::query(&owners_sql);
        for id in ids {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&self.pool).await? {
            if let Some(chart) = by_id.get_mut(&row.try_get::<i64, _>("slice_id")?) {
                chart.owners.push(ListUser {
                    id: row.try_get("id")?,
                    first_name: row.try_get("first_name")?,
                    last_name: row.try_get("last_name")?,
                });
            }
        }

        let dashboards_sql = format!(
            "SELECT dashboard_slices.slice_id, dashboards.id, dashboards.dashboard_title
             FROM dashboard_slices JOIN dashboards ON dashboards.id = dashboard_slices.dashboard_id
             WHERE dashboard_slices.slice_id IN ({id_list}) ORDER BY dashboards.id"
        );
        let mut query = sqlx::query(&dashboards_sql);
        for id in ids {
            query = query.bind(*id);
        }
        for row in query.fetch_all(&self.pool).await? {
            if let Some(chart) = by_id.get_mut(&row.try_get::<i64, _>("slice_id")?) {
                chart
                    .dashboards
                    .push((row.try_get("id")?, row.try_get("dashboard_title")?));
            }
        }

        let tags_sql = format!(
            "SELECT tagged_object.object_id, tag.id, tag.name, tag.type
             FROM tagged_object JOIN tag ON tag.id = tagged_object.tag_id
             WHERE tagged_object.object_type = ${} AND tagged_object.object_id IN ({id_list}) ORDER BY tag.name",
            ids.len() + 1
        );
        let mut query = sqlx::query(&tags_sql);
        for id in ids {
            query = query.bind(*id);
        }
        for row in query.bind(CHART_TAG_TYPE).fetch_all(&self.pool).await? {
            if let Some(chart) = by_id.get_mut(&row.try_get::<i64, _>("object_id")?) {
                chart
                    .tags
                    .push((row.try_get("id")?, row.try_get("name")?, row.try_get("type")?));
            }
        }

        if let Some(user_id) = user_id {
            let favorites_sql = format!(
                "SELECT obj_id FROM favstar WHERE obj_id IN ({id_list}) AND user_id = ${} AND class_name = ${}",
                ids.len() + 1,
                ids.len() + 2
            );
            let mut query = sqlx::query(&favorites_sql);
            for id in ids {
                query = query.bind(*id);
            }
            for row in query
                .bind(user_id)
                .bind(CHART_FAVORITE_CLASS)
                .fetch_all(&self.pool)
                .await?
            {
                if let Some(chart) = by_id.get_mut(&row.try_get::<i64, _>("obj_id")?) {
                    chart.favorite = true;
                }
            }
        }

        Ok(ids.iter().filter_map(|id| by_id.remove(id)).collect())
    }
}
