//! Tags (`/api/v1/tag/`), bulk tagging and the objects of a tag (spec 000 §7, 002 §7), and the
//! activity log's recent activity (`/api/v1/log/recent_activity/`).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::common::UserRef;

/// One row of `GET /api/v1/tag/?q=` and the result of `GET /api/v1/tag/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TagListItem {
    #[ts(type = "number")]
    pub id: i64,
    pub name: String,
    /// `custom` for tags users make.
    #[serde(rename = "type")]
    pub tag_type: String,
    pub description: Option<String>,
    pub changed_on_delta_humanized: String,
    pub created_on_delta_humanized: String,
    pub changed_by: Option<UserRef>,
    pub created_by: Option<UserRef>,
}

/// An object to tag: `["chart", 12]` (resource type and numeric id).
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ObjectToTag(pub String, #[ts(type = "number")] pub i64);

/// `POST /api/v1/tag/` and `PUT /api/v1/tag/{id}`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TagPayload {
    #[ts(optional)]
    pub name: Option<String>,
    #[ts(optional)]
    pub description: Option<String>,
    /// The objects the tag is on; on update, replaces them when given.
    #[ts(optional)]
    pub objects_to_tag: Option<Vec<ObjectToTag>>,
}

/// One tag of a bulk tagging call: its name (created when new) and the objects to tag.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BulkTag {
    pub name: String,
    pub objects_to_tag: Vec<ObjectToTag>,
}

/// `POST /api/v1/tag/bulk_create`.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BulkTagPayload {
    pub tags: Vec<BulkTag>,
}

/// The result of `POST /api/v1/tag/bulk_create`: what was tagged, and what was skipped because
/// the caller may not edit it (or it does not exist).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct BulkTagResult {
    pub objects_tagged: Vec<ObjectToTag>,
    pub objects_skipped: Vec<ObjectToTag>,
}

/// One object of `GET /api/v1/tag/get_objects/?tags=` (Superset's tagged object shape).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct TaggedObject {
    #[ts(type = "number")]
    pub id: i64,
    /// `chart`, `dashboard`, `dataset` or `query`.
    #[serde(rename = "type")]
    pub object_type: String,
    pub name: String,
    pub url: String,
    pub changed_on: String,
    pub created_by: Option<UserRef>,
    /// The creator's display name.
    pub creator: String,
    pub tags: Vec<crate::list::TagRef>,
    pub owners: Vec<UserRef>,
}

/// One entry of `GET /api/v1/log/recent_activity/` (Superset's shape): a dashboard or chart the
/// user viewed, latest first.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct RecentActivity {
    /// `dashboard` or `explore`.
    pub action: String,
    /// `dashboard` or `slice`.
    pub item_type: String,
    pub item_url: String,
    pub item_title: String,
    /// Milliseconds since the epoch.
    pub time: f64,
    pub time_delta_humanized: String,
}
