//! Stored documents (a chart's form data, a dashboard's `position_json` and `json_metadata`) are
//! versioned and migrated on read; saving writes the current version (STYLE.md, migrations).
//!
//! | document | where its version is | current | absent means |
//! | --- | --- | --- | --- |
//! | form data (`params`) | `version` (integer) | [`FORM_DATA_VERSION`] | 0 |
//! | `json_metadata` | `version` (integer) | [`JSON_METADATA_VERSION`] | 0 |
//! | `position_json` | `DASHBOARD_VERSION_KEY` (`"v2"`), Superset's own marker, since every other key of a layout is a component id | `"v2"` | a layout without its marker |
//!
//! Each migration goes from one version to the next and says what it changes; reading applies
//! those from the stored version on, in order. A document of a newer version than this build
//! knows is refused rather than misread.
//!
//! Example: form data `{"viz_type": "table", "time_range_endpoints": ["inclusive", "exclusive"]}`
//! reads as `{"viz_type": "table", "version": 1}`.

use serde_json::{Map, Value};

use crate::layout::VERSION_KEY;

/// The form data version this build writes.
pub const FORM_DATA_VERSION: u64 = 1;
/// The `json_metadata` version this build writes.
pub const JSON_METADATA_VERSION: u64 = 1;
/// The `position_json` version this build writes (Superset's layout version).
pub const POSITION_JSON_VERSION: &str = "v2";

/// The key of the integer version of form data and `json_metadata`.
pub const VERSION_FIELD: &str = "version";

/// Which stored document.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DocumentKind {
    FormData,
    PositionJson,
    JsonMetadata,
}

impl DocumentKind {
    pub fn as_str(self) -> &'static str {
        match self {
            DocumentKind::FormData => "form data",
            DocumentKind::PositionJson => "position_json",
            DocumentKind::JsonMetadata => "json_metadata",
        }
    }
}

/// A stored document that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum StoredDocumentError {
    /// The document is not a JSON object.
    #[error("The {} is not a JSON object", document.as_str())]
    NotAnObject { document: DocumentKind },
    /// The version is not one this build knows (written by a newer Quiver, or not a version).
    #[error("The {} version {version} is not supported", document.as_str())]
    UnsupportedVersion { document: DocumentKind, version: String },
}

/// One step from version `from` to `from + 1`.
struct Migration {
    from: u64,
    /// What the step changes ([`migration_steps`] lists them).
    description: &'static str,
    apply: fn(&mut Map<String, Value>),
}

const FORM_DATA_MIGRATIONS: [Migration; 1] = [Migration {
    from: 0,
    description: "drop time_range_endpoints: Superset 2.1 removed it (a time range is always start \
                  inclusive, end exclusive) and no rule reads it",
    apply: |form_data| {
        form_data.remove("time_range_endpoints");
    },
}];

const JSON_METADATA_MIGRATIONS: [Migration; 1] = [Migration {
    from: 0,
    description: "drop show_native_filters: Superset 3 removed the switch (the filter bar is always \
                  available) and no rule reads it",
    apply: |metadata| {
        metadata.remove("show_native_filters");
    },
}];

/// The steps of a document type as `(from version, what changes)`, in order. `position_json`
/// has none: its only step is adding the missing version marker.
pub fn migration_steps(document: DocumentKind) -> Vec<(u64, &'static str)> {
    let migrations: &[Migration] = match document {
        DocumentKind::FormData => &FORM_DATA_MIGRATIONS,
        DocumentKind::JsonMetadata => &JSON_METADATA_MIGRATIONS,
        DocumentKind::PositionJson => &[],
    };
    migrations
        .iter()
        .map(|migration| (migration.from, migration.description))
        .collect()
}

/// A chart's form data as this build reads it, with `version` set to [`FORM_DATA_VERSION`].
pub fn migrate_form_data(form_data: Value) -> Result<Value, StoredDocumentError> {
    migrate_integer_versioned(
        DocumentKind::FormData,
        form_data,
        &FORM_DATA_MIGRATIONS,
        FORM_DATA_VERSION,
    )
}

/// A dashboard's `json_metadata` as this build reads it, with `version` set to
/// [`JSON_METADATA_VERSION`].
pub fn migrate_json_metadata(metadata: Value) -> Result<Value, StoredDocumentError> {
    migrate_integer_versioned(
        DocumentKind::JsonMetadata,
        metadata,
        &JSON_METADATA_MIGRATIONS,
        JSON_METADATA_VERSION,
    )
}

/// A dashboard's `position_json` as this build reads it: a layout without its version marker
/// gets `DASHBOARD_VERSION_KEY: "v2"` (its components are already in that shape); any other
/// marker is refused.
pub fn migrate_position_json(layout: Value) -> Result<Value, StoredDocumentError> {
    let document = DocumentKind::PositionJson;
    let Value::Object(mut layout) = layout else {
        return Err(StoredDocumentError::NotAnObject { document });
    };
    match layout.get(VERSION_KEY) {
        None | Some(Value::Null) => {
            layout.insert(VERSION_KEY.to_owned(), Value::from(POSITION_JSON_VERSION));
        }
        Some(Value::String(version)) if version == POSITION_JSON_VERSION => {}
        Some(other) => {
            return Err(StoredDocumentError::UnsupportedVersion {
                document,
                version: version_text(other),
            })
        }
    }
    Ok(Value::Object(layout))
}

/// Whether a stored document is at the version this build writes (saving it changes nothing).
pub fn is_current_version(document: DocumentKind, stored: &Value) -> bool {
    match document {
        DocumentKind::FormData => {
            stored.get(VERSION_FIELD).and_then(Value::as_u64) == Some(FORM_DATA_VERSION)
        }
        DocumentKind::JsonMetadata => {
            stored.get(VERSION_FIELD).and_then(Value::as_u64) == Some(JSON_METADATA_VERSION)
        }
        DocumentKind::PositionJson => {
            stored.get(VERSION_KEY).and_then(Value::as_str) == Some(POSITION_JSON_VERSION)
        }
    }
}

fn migrate_integer_versioned(
    document: DocumentKind,
    stored: Value,
    migrations: &[Migration],
    current: u64,
) -> Result<Value, StoredDocumentError> {
    let Value::Object(mut fields) = stored else {
        return Err(StoredDocumentError::NotAnObject { document });
    };
    let version = match fields.get(VERSION_FIELD) {
        None | Some(Value::Null) => 0,
        Some(value) => value
            .as_u64()
            .filter(|version| *version <= current)
            .ok_or_else(|| StoredDocumentError::UnsupportedVersion {
                document,
                version: version_text(value),
            })?,
    };
    for migration in migrations.iter().filter(|migration| migration.from >= version) {
        (migration.apply)(&mut fields);
    }
    fields.insert(VERSION_FIELD.to_owned(), Value::from(current));
    Ok(Value::Object(fields))
}

fn version_text(value: &Value) -> String {
    match value {
        Value::String(text) => text.clone(),
        other => other.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn every_step_is_numbered_in_order_up_to_the_current_version() {
        for (document, current) in [
            (DocumentKind::FormData, FORM_DATA_VERSION),
            (DocumentKind::JsonMetadata, JSON_METADATA_VERSION),
        ] {
            let steps = migration_steps(document);
            let numbers: Vec<u64> = steps.iter().map(|(from, _)| *from).collect();
            assert_eq!(numbers, (0..current).collect::<Vec<u64>>());
            assert!(steps.iter().all(|(_, description)| !description.is_empty()));
        }
        assert!(migration_steps(DocumentKind::FormData)[0]
            .1
            .starts_with("drop time_range_endpoints"));
        assert_eq!(migration_steps(DocumentKind::PositionJson), []);
    }

    #[test]
    fn an_unversioned_form_data_is_migrated_and_stamped() {
        let stored =
            json!({"viz_type": "table", "time_range_endpoints": ["inclusive", "exclusive"], "row_limit": 10});
        let read = migrate_form_data(stored).unwrap();
        assert_eq!(read, json!({"viz_type": "table", "row_limit": 10, "version": 1}));
        assert!(is_current_version(DocumentKind::FormData, &read));
        assert_eq!(migrate_form_data(read.clone()).unwrap(), read);
    }

    #[test]
    fn a_current_form_data_is_read_as_it_is() {
        // A key a migration drops is kept once the document is at the current version.
        let current = json!({"viz_type": "pie", "version": 1, "time_range_endpoints": "kept"});
        assert_eq!(migrate_form_data(current.clone()).unwrap(), current);
    }

    #[test]
    fn json_metadata_loses_show_native_filters() {
        let read =
            migrate_json_metadata(json!({"show_native_filters": true, "color_scheme": "supersetColors"}))
                .unwrap();
        assert_eq!(read, json!({"color_scheme": "supersetColors", "version": 1}));
    }

    #[test]
    fn a_layout_without_its_marker_gets_v2() {
        let layout = json!({"ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": []}});
        let read = migrate_position_json(layout).unwrap();
        assert_eq!(read["DASHBOARD_VERSION_KEY"], json!("v2"));
        assert!(is_current_version(DocumentKind::PositionJson, &read));
        assert_eq!(migrate_position_json(read.clone()).unwrap(), read);
    }

    #[test]
    fn newer_or_unreadable_documents_are_refused() {
        let newer = migrate_form_data(json!({"version": 2})).unwrap_err();
        assert_eq!(newer.to_string(), "The form data version 2 is not supported");
        let text_version = migrate_json_metadata(json!({"version": "one"})).unwrap_err();
        assert_eq!(
            text_version.to_string(),
            "The json_metadata version one is not supported"
        );
        let v3 = migrate_position_json(json!({"DASHBOARD_VERSION_KEY": "v3"})).unwrap_err();
        assert_eq!(v3.to_string(), "The position_json version v3 is not supported");
        let list = migrate_position_json(json!([{"slice_id": 1}])).unwrap_err();
        assert_eq!(list.to_string(), "The position_json is not a JSON object");
    }
}
