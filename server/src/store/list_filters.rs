//! Superset's own list operators that several resources share, each parameterised by the
//! resource's SQL: favorites (`chart_is_favorite`, `dashboard_is_favorite`), certification,
//! tags by name or id, "created by me" and "null or empty".

use super::list::{invalid, value_bool, value_integer, value_text, Bound, Conditions, ListFilter};
use super::StoreResult;

/// Rows the caller starred (`value` true) or did not star (`value` false).
pub fn favorite_condition(
    filter: &ListFilter,
    conditions: &mut Conditions,
    user_id: Option<i64>,
    class_name: &str,
    id_sql: &str,
) -> StoreResult<()> {
    let favorite = value_bool(filter)?;
    let user = conditions.bind(Bound::Integer(user_id.unwrap_or(-1)));
    let class = conditions.bind(Bound::Text(class_name.to_owned()));
    let not = if favorite { "" } else { "NOT " };
    conditions.push(format!(
        "{id_sql} {not}IN (SELECT obj_id FROM favstar WHERE user_id = {user} AND class_name = {class})"
    ));
    Ok(())
}

/// Rows whose `certified_by` column is set (`value` true) or empty (`value` false).
pub fn certified_condition(
    filter: &ListFilter,
    conditions: &mut Conditions,
    certified_by_sql: &str,
) -> StoreResult<()> {
    let certified = value_bool(filter)?;
    conditions.push(if certified {
        format!("({certified_by_sql} IS NOT NULL AND {certified_by_sql} <> '')")
    } else {
        format!("({certified_by_sql} IS NULL OR {certified_by_sql} = '')")
    });
    Ok(())
}

/// Rows whose text column is null or empty (`value` true) or holds text (`value` false):
/// Superset's `dataset_is_null_or_empty` on `sql` tells physical from virtual datasets.
pub fn null_or_empty_condition(
    filter: &ListFilter,
    conditions: &mut Conditions,
    column_sql: &str,
) -> StoreResult<()> {
    let empty = value_bool(filter)?;
    conditions.push(if empty {
        format!("({column_sql} IS NULL OR {column_sql} = '')")
    } else {
        format!("({column_sql} IS NOT NULL AND {column_sql} <> '')")
    });
    Ok(())
}

/// How a tag filter names the tag.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TagBy {
    /// `*_tags`: the tag's name, exact and case-insensitive.
    Name,
    /// `*_tag_id`: the tag's id.
    Id,
}

/// Rows carrying a tag, among the tagged objects of `object_type`.
pub fn tag_condition(
    filter: &ListFilter,
    conditions: &mut Conditions,
    tag_by: TagBy,
    object_type: &str,
    id_sql: &str,
) -> StoreResult<()> {
    let object_type = conditions.bind(Bound::Text(object_type.to_owned()));
    let tag = match tag_by {
        TagBy::Id => {
            let id = conditions.bind(Bound::Integer(value_integer(filter)?));
            format!("tag.id = {id}")
        }
        TagBy::Name => {
            let name = value_text(filter)?;
            if name.trim().is_empty() {
                return Err(invalid("A tag filter needs a tag"));
            }
            let name = conditions.bind(Bound::Text(name.trim().to_lowercase()));
            format!("LOWER(tag.name) = {name}")
        }
    };
    conditions.push(format!(
        "{id_sql} IN (SELECT tagged_object.object_id FROM tagged_object \
         JOIN tag ON tag.id = tagged_object.tag_id WHERE tagged_object.object_type = {object_type} AND {tag})"
    ));
    Ok(())
}

/// Rows the caller created or last changed (Superset's `created_by_me`).
pub fn created_by_me_condition(
    conditions: &mut Conditions,
    user_id: Option<i64>,
    created_by_sql: &str,
    changed_by_sql: &str,
) {
    let user = conditions.bind(Bound::Integer(user_id.unwrap_or(-1)));
    conditions.push(format!(
        "({created_by_sql} = {user} OR {changed_by_sql} = {user})"
    ));
}

/// Rows with a creator (`value` true) or without one (`value` false).
pub fn has_creator_condition(
    filter: &ListFilter,
    conditions: &mut Conditions,
    created_by_sql: &str,
) -> StoreResult<()> {
    let has_creator = value_bool(filter)?;
    let is = if has_creator { "IS NOT" } else { "IS" };
    conditions.push(format!("{created_by_sql} {is} NULL"));
    Ok(())
}
