//! `GET /api/v1/{resource}/related/{column}` and `/distinct/{column}`: the values a list filter
//! offers (owners, creators, databases, schemas), filtered by the text typed and paged.

use quiver_types::{RelatedItem, RelatedValue};
use sqlx::Row;

use super::list::{ilike, like_literal, Conditions};
use super::{Store, StoreResult};

/// How the typed text matches a value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TextMatch {
    /// Anywhere in the text (Superset's `FilterRelatedOwners`).
    Contains,
    /// At the start (Superset's default `FilterStartsWith`).
    StartsWith,
}

/// Where the values of one related or distinct column come from.
#[derive(Debug, Clone, Copy)]
pub struct RelatedSource {
    pub from: &'static str,
    /// The value: an id for related columns, the text itself for distinct ones.
    pub value: &'static str,
    pub value_is_id: bool,
    pub text: &'static str,
    /// The expressions the typed text is matched against (any of them).
    pub searched: &'static [&'static str],
    pub text_match: TextMatch,
    /// A condition every value meets (`tables.schema IS NOT NULL`).
    pub always: Option<&'static str>,
}

/// Users, as `owners`, `created_by` and `changed_by` offer them: "first last", by first name.
pub const RELATED_USERS: RelatedSource = RelatedSource {
    from: "ab_user",
    value: "ab_user.id",
    value_is_id: true,
    text: "ab_user.first_name || ' ' || ab_user.last_name",
    searched: &[
        "ab_user.first_name || ' ' || ab_user.last_name",
        "ab_user.username",
    ],
    text_match: TextMatch::Contains,
    always: None,
};

/// Databases, as a dataset's `database` offers them.
pub const RELATED_DATABASES: RelatedSource = RelatedSource {
    from: "dbs",
    value: "dbs.id",
    value_is_id: true,
    text: "dbs.database_name",
    searched: &["dbs.database_name"],
    text_match: TextMatch::StartsWith,
    always: None,
};

/// The roles a dashboard can be shared with (`dashboard/related/roles`, role-based access).
pub const RELATED_ROLES: RelatedSource = RelatedSource {
    from: "ab_role",
    value: "ab_role.id",
    value_is_id: true,
    text: "ab_role.name",
    searched: &["ab_role.name"],
    text_match: TextMatch::StartsWith,
    always: None,
};

/// The schemas datasets are in (`distinct/schema`).
pub const DISTINCT_SCHEMAS: RelatedSource = RelatedSource {
    from: "tables",
    value: "tables.schema",
    value_is_id: false,
    text: "tables.schema",
    searched: &["tables.schema"],
    text_match: TextMatch::StartsWith,
    always: Some("tables.schema IS NOT NULL"),
};

/// The schemas of saved queries (`saved_query/distinct/schema`).
pub const DISTINCT_SAVED_QUERY_SCHEMAS: RelatedSource = RelatedSource {
    from: "saved_query",
    value: "saved_query.schema",
    value_is_id: false,
    text: "saved_query.schema",
    searched: &["saved_query.schema"],
    text_match: TextMatch::StartsWith,
    always: Some("saved_query.schema IS NOT NULL"),
};

/// The states of SQL Lab runs (`query/distinct/status`).
pub const DISTINCT_QUERY_STATUSES: RelatedSource = RelatedSource {
    from: "query",
    value: "query.status",
    value_is_id: false,
    text: "query.status",
    searched: &["query.status"],
    text_match: TextMatch::StartsWith,
    always: None,
};

/// One page of values and the count of every matching one.
#[derive(Debug, Clone, PartialEq)]
pub struct RelatedPage {
    pub count: i64,
    pub items: Vec<RelatedItem>,
}

impl Store {
    /// The values of `source` matching `filter`, one page of them; `visible` keeps the rows whose
    /// `(SQL expression, ids)` pair matches (the databases or datasets the caller may see).
    pub async fn related_values(
        &self,
        source: &RelatedSource,
        filter: &str,
        page: u64,
        page_size: u64,
        visible: Option<(&str, &[i64])>,
    ) -> StoreResult<RelatedPage> {
        let mut conditions = Conditions::default();
        if let Some(always) = source.always {
            conditions.push(always.to_owned());
        }
        let filter = filter.trim();
        if !filter.is_empty() {
            let pattern = match source.text_match {
                TextMatch::Contains => format!("%{}%", like_literal(filter)),
                TextMatch::StartsWith => format!("{}%", like_literal(filter)),
            };
            let any = source
                .searched
                .iter()
                .map(|sql| ilike(&mut conditions, sql, pattern.clone(), false))
                .collect::<Vec<_>>()
                .join(" OR ");
            conditions.push(format!("({any})"));
        }
        if let Some((sql, ids)) = visible {
            conditions.push_in(sql, ids);
        }
        let where_clause = conditions.where_clause();
        let matching = format!(
            "SELECT DISTINCT {value} AS value, {text} AS text, LOWER({text}) AS sort_key FROM {from}{where_clause}",
            value = source.value,
            text = source.text,
            from = source.from,
        );
        let count_sql = format!("SELECT COUNT(*) AS count FROM ({matching}) matching");
        let count: i64 = conditions
            .bind_all(sqlx::query(&count_sql))
            .fetch_one(&self.pool)
            .await?
            .try_get("count")?;
        // Ordered by the text shown, whatever the database's collation (a DISTINCT query may
        // only order by what it selects).
        let page_sql = format!(
            "{matching} ORDER BY sort_key, value LIMIT {page_size} OFFSET {offset}",
            offset = page.saturating_mul(page_size),
        );
        let mut items = Vec::new();
        for row in conditions
            .bind_all(sqlx::query(&page_sql))
            .fetch_all(&self.pool)
            .await?
        {
            let value = if source.value_is_id {
                RelatedValue::Id(row.try_get("value")?)
            } else {
                RelatedValue::Text(row.try_get("value")?)
            };
            items.push(RelatedItem {
                text: row.try_get("text")?,
                value,
            });
        }
        Ok(RelatedPage { count, items })
    }
}
