//! The dashboard list (`GET /api/v1/dashboard/?q=`): what may be filtered and sorted,
//! Superset's own dashboard filters, and the rows of one page with owners, roles and tags.

use sqlx::Row;

use super::dashboard::DASHBOARD_FAVORITE_CLASS;
use super::list::{
    ilike, like_literal, value_text, ColumnKind, Conditions, ListColumn, ListFilter, ListSpec,
};
use super::list_filters::{
    certified_condition, created_by_me_condition, favorite_condition, has_creator_condition, tag_condition,
    TagBy,
};
use super::list_rows::{user_at, ListTag, ListUser, AUTHOR_COLUMNS, DASHBOARD_OWNERS};
use super::{get_bool, Store, StoreResult};

/// `tagged_object.object_type` for dashboards.
pub const DASHBOARD_TAG_TYPE: &str = "dashboard";

const FROM: &str = "dashboards \
    LEFT JOIN ab_user changed_by ON changed_by.id = dashboards.changed_by_fk \
    LEFT JOIN ab_user created_by ON created_by.id = dashboards.created_by_fk";

/// Filters and orders of the dashboard list, as Superset's `DashboardRestApi` declares them.
pub const DASHBOARD_LIST: ListSpec = ListSpec {
    from: FROM,
    id: "dashboards.id",
    filter_columns: &[
        ListColumn {
            name: "id",
            sql: "dashboards.id",
            kind: ColumnKind::Number,
        },
        ListColumn {
            name: "uuid",
            sql: "dashboards.uuid",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "dashboard_title",
            sql: "dashboards.dashboard_title",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "slug",
            sql: "dashboards.slug",
            kind: ColumnKind::Text,
        },
        ListColumn {
            name: "published",
            sql: "dashboards.published",
            kind: ColumnKind::Bool,
        },
        ListColumn {
            name: "changed_on",
            sql: "dashboards.changed_on",
            kind: ColumnKind::Time,
        },
        ListColumn {
            name: "created_by",
            sql: "dashboards.created_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "changed_by",
            sql: "dashboards.changed_by_fk",
            kind: ColumnKind::RelatedOne,
        },
        ListColumn {
            name: "owners",
            sql: "",
            kind: ColumnKind::RelatedMany {
                related_ids: "SELECT user_id FROM dashboard_user WHERE dashboard_id = {id}",
            },
        },
        ListColumn {
            name: "roles",
            sql: "",
            kind: ColumnKind::RelatedMany {
                related_ids: "SELECT role_id FROM dashboard_roles WHERE dashboard_id = {id}",
            },
        },
    ],
    order_columns: &[
        ("id", "dashboards.id"),
        ("dashboard_title", "LOWER(dashboards.dashboard_title)"),
        ("slug", "dashboards.slug"),
        ("published", "dashboards.published"),
        ("changed_on", "dashboards.changed_on"),
        ("changed_on_delta_humanized", "dashboards.changed_on"),
        ("created_on", "dashboards.created_on"),
        ("changed_by.first_name", "changed_by.first_name"),
        ("created_by.first_name", "created_by.first_name"),
    ],
    default_order: ("changed_on_delta_humanized", true),
    custom: Some(dashboard_filter),
};

/// Superset's dashboard filters: `title_or_slug`, `dashboard_is_favorite`,
/// `dashboard_is_certified`, `created_by_me`, `dashboard_has_created_by`, `dashboard_tags` and
/// `dashboard_tag_id`.
fn dashboard_filter(
    filter: &ListFilter,
    conditions: &mut Conditions,
    user_id: Option<i64>,
) -> Option<StoreResult<()>> {
    let result = match filter.operator.as_str() {
        "title_or_slug" => value_text(filter).map(|text| {
            let text = text.trim();
            if text.is_empty() {
                return;
            }
            let pattern = format!("%{}%", like_literal(text));
            let title = ilike(conditions, "dashboards.dashboard_title", pattern.clone(), false);
            let slug = ilike(conditions, "dashboards.slug", pattern, false);
            conditions.push(format!("({title} OR {slug})"));
        }),
        "dashboard_is_favorite" => favorite_condition(
            filter,
            conditions,
            user_id,
            DASHBOARD_FAVORITE_CLASS,
            "dashboards.id",
        ),
        "dashboard_is_certified" => certified_condition(filter, conditions, "dashboards.certified_by"),
        "created_by_me" => {
            created_by_me_condition(
                conditions,
                user_id,
                "dashboards.created_by_fk",
                "dashboards.changed_by_fk",
            );
            Ok(())
        }
        "dashboard_has_created_by" => has_creator_condition(filter, conditions, "dashboards.created_by_fk"),
        "dashboard_tags" => tag_condition(
            filter,
            conditions,
            TagBy::Name,
            DASHBOARD_TAG_TYPE,
            "dashboards.id",
        ),
        "dashboard_tag_id" => {
            tag_condition(filter, conditions, TagBy::Id, DASHBOARD_TAG_TYPE, "dashboards.id")
        }
        _ => return None,
    };
    Some(result)
}

/// One row of the dashboard list.
#[derive(Debug, Clone, PartialEq)]
pub struct DashboardListRow {
    pub id: i64,
    pub uuid: String,
    pub dashboard_title: String,
    pub slug: Option<String>,
    pub published: bool,
    pub certified_by: Option<String>,
    pub certification_details: Option<String>,
    pub is_managed_externally: bool,
    pub changed_on: String,
    pub created_on: String,
    pub changed_by: Option<ListUser>,
    pub created_by: Option<ListUser>,
    pub owners: Vec<ListUser>,
    /// `(id, name)`.
    pub roles: Vec<(i64, String)>,
    pub tags: Vec<ListTag>,
    /// Whether the caller starred it.
    pub favorite: bool,
}

impl Store {
    /// The rows of the dashboards `ids`, in the order of `ids`.
    pub async fn dashboard_list_rows(
        &self,
        ids: &[i64],
        user_id: Option<i64>,
    ) -> StoreResult<Vec<DashboardListRow>> {
        let select = format!(
            "SELECT dashboards.id, dashboards.uuid, dashboards.dashboard_title, dashboards.slug,
                    dashboards.published, dashboards.certified_by, dashboards.certification_details,
                    dashboards.is_managed_externally, dashboards.changed_on, dashboards.created_on, {AUTHOR_COLUMNS}
             FROM {FROM} WHERE dashboards.id"
        );
        let mut rows = self.rows_by_id(&select, ids).await?;
        let mut owners = self.list_owners(DASHBOARD_OWNERS, ids).await?;
        let mut roles = self
            .related_names(
                "SELECT dashboard_roles.dashboard_id AS object_id, ab_role.id, ab_role.name AS name
                 FROM dashboard_roles JOIN ab_role ON ab_role.id = dashboard_roles.role_id
                 WHERE dashboard_roles.dashboard_id IN ({ids}) ORDER BY ab_role.name",
                ids,
            )
            .await?;
        let mut tags = self.list_tags(DASHBOARD_TAG_TYPE, ids).await?;
        let favorites = self
            .list_favorites(DASHBOARD_FAVORITE_CLASS, user_id, ids)
            .await?;
        let mut dashboards = Vec::with_capacity(ids.len());
        for id in ids {
            let Some(row) = rows.remove(id) else { continue };
            dashboards.push(DashboardListRow {
                id: *id,
                uuid: row.try_get("uuid")?,
                dashboard_title: row.try_get("dashboard_title")?,
                slug: row.try_get("slug")?,
                published: get_bool(&row, "published")?,
                certified_by: row.try_get("certified_by")?,
                certification_details: row.try_get("certification_details")?,
                is_managed_externally: get_bool(&row, "is_managed_externally")?,
                changed_on: row.try_get("changed_on")?,
                created_on: row.try_get("created_on")?,
                changed_by: user_at(&row, "changed_by")?,
                created_by: user_at(&row, "created_by")?,
                owners: owners.remove(id).unwrap_or_default(),
                roles: roles.remove(id).unwrap_or_default(),
                tags: tags.remove(id).unwrap_or_default(),
                favorite: favorites.contains(id),
            });
        }
        Ok(dashboards)
    }

    /// Every dashboard id (the list's visibility check walks them for non-admins).
    pub async fn dashboard_ids(&self) -> StoreResult<Vec<i64>> {
        Ok(sqlx::query_scalar("SELECT id FROM dashboards ORDER BY id")
            .fetch_all(&self.pool)
            .await?)
    }
}
