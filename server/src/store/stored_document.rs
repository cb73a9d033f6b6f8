//! The store's side of stored document versions (STYLE.md, migrations): every read of a chart's
//! form data (`params`), a dashboard's `position_json` or `json_metadata` goes through the core's
//! migrations ([`quiver_core::stored_document`]), and every save writes the migrated version.
//!
//! Reading never fails on a document: text that is not a JSON object, or of a version this build
//! does not know, is answered as stored (and logged), so one odd row does not break a list.
//! Saving refuses a version this build does not know; the API answers 400 with the core's text,
//! "The form data version 2 is not supported".
//!
//! Example: stored params `{"viz_type": "table", "time_range_endpoints": ["inclusive", "exclusive"]}`
//! read as `{"version":1,"viz_type":"table"}`.

use quiver_core::stored_document::{
    is_current_version, migrate_form_data, migrate_json_metadata, migrate_position_json, DocumentKind,
    StoredDocumentError,
};
use serde_json::Value;

/// A chart's stored `params`, migrated to the current form data version.
pub fn read_form_data(stored: Option<String>) -> Option<String> {
    stored.map(|text| read_document(DocumentKind::FormData, text))
}

/// A dashboard's stored `position_json`, migrated to the current layout version.
pub fn read_position_json(stored: Option<String>) -> Option<String> {
    stored.map(|text| read_document(DocumentKind::PositionJson, text))
}

/// A dashboard's stored `json_metadata`, migrated to the current metadata version.
pub fn read_json_metadata(stored: Option<String>) -> Option<String> {
    stored.map(|text| read_document(DocumentKind::JsonMetadata, text))
}

/// A document parsed and migrated to the current version of its kind.
pub fn migrate(document: DocumentKind, value: Value) -> Result<Value, StoredDocumentError> {
    match document {
        DocumentKind::FormData => migrate_form_data(value),
        DocumentKind::PositionJson => migrate_position_json(value),
        DocumentKind::JsonMetadata => migrate_json_metadata(value),
    }
}

/// The text a save writes: the document migrated to the current version. Text that is not JSON
/// or not an object is left to the caller's own checks and kept as sent; a version this build
/// does not know is refused.
pub fn saved_document(document: DocumentKind, text: &str) -> Result<String, StoredDocumentError> {
    match serde_json::from_str::<Value>(text) {
        Ok(value @ Value::Object(_)) => {
            if is_current_version(document, &value) {
                return Ok(text.to_owned());
            }
            Ok(migrate(document, value)?.to_string())
        }
        _ => Ok(text.to_owned()),
    }
}

fn read_document(document: DocumentKind, text: String) -> String {
    let Ok(value @ Value::Object(_)) = serde_json::from_str::<Value>(&text) else {
        return text;
    };
    if is_current_version(document, &value) {
        return text;
    }
    match migrate(document, value) {
        Ok(migrated) => migrated.to_string(),
        Err(error) => {
            tracing::warn!(document = document.as_str(), %error, "stored document read as stored");
            text
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn parsed(text: Option<String>) -> Value {
        serde_json::from_str(&text.unwrap()).unwrap()
    }

    #[test]
    fn old_documents_read_migrated() {
        let params = r#"{"viz_type": "table", "time_range_endpoints": ["inclusive", "exclusive"]}"#;
        assert_eq!(
            parsed(read_form_data(Some(params.to_owned()))),
            json!({"viz_type": "table", "version": 1})
        );
        let metadata = r#"{"show_native_filters": true, "color_scheme": "bnbColors"}"#;
        assert_eq!(
            parsed(read_json_metadata(Some(metadata.to_owned()))),
            json!({"color_scheme": "bnbColors", "version": 1})
        );
        let layout = r#"{"ROOT_ID": {"type": "ROOT", "id": "ROOT_ID", "children": []}}"#;
        assert_eq!(
            parsed(read_position_json(Some(layout.to_owned())))["DASHBOARD_VERSION_KEY"],
            "v2"
        );
    }

    #[test]
    fn current_unreadable_and_absent_documents_read_as_stored() {
        let current = r#"{"version": 1, "viz_type": "pie", "time_range_endpoints": "kept"}"#;
        assert_eq!(read_form_data(Some(current.to_owned())).as_deref(), Some(current));
        assert_eq!(
            read_form_data(Some("not json".to_owned())).as_deref(),
            Some("not json")
        );
        assert_eq!(read_form_data(Some("[1]".to_owned())).as_deref(), Some("[1]"));
        let newer = r#"{"version": 7}"#;
        assert_eq!(read_json_metadata(Some(newer.to_owned())).as_deref(), Some(newer));
        assert_eq!(read_position_json(None), None);
    }

    #[test]
    fn saving_writes_the_migrated_version_and_refuses_newer_ones() {
        let saved = saved_document(
            DocumentKind::FormData,
            r#"{"viz_type": "table", "time_range_endpoints": ["inclusive", "exclusive"]}"#,
        )
        .unwrap();
        assert_eq!(
            serde_json::from_str::<Value>(&saved).unwrap(),
            json!({"viz_type": "table", "version": 1})
        );
        let refused = saved_document(DocumentKind::FormData, r#"{"version": 2}"#).unwrap_err();
        assert_eq!(refused.to_string(), "The form data version 2 is not supported");
        assert_eq!(saved_document(DocumentKind::JsonMetadata, "{").unwrap(), "{");
    }
}
