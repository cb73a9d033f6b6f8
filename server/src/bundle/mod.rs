//! Superset's v1 bundles (decision 0027): a ZIP of YAML files (`metadata.yaml`, `databases/`,
//! `datasets/`, `charts/`, `dashboards/`, `queries/`) whose objects are matched by uuid.
//! `archive` reads uploads safely, `yaml` reads and writes files within limits, `config` is the
//! files' shapes, `remap` moves ids in stored documents, `export` and `import` are the two
//! commands.

pub mod archive;
pub mod config;
pub mod export;
pub mod import;
pub mod remap;
pub mod uri;
pub mod yaml;

/// A resource that can be exported and imported.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ResourceKind {
    Dashboard,
    Chart,
    Dataset,
    Database,
    SavedQuery,
}

impl ResourceKind {
    /// The resource as named in routes: `/api/v1/{name}/export/`.
    pub fn from_route(name: &str) -> Option<ResourceKind> {
        match name {
            "dashboard" => Some(ResourceKind::Dashboard),
            "chart" => Some(ResourceKind::Chart),
            "dataset" => Some(ResourceKind::Dataset),
            "database" => Some(ResourceKind::Database),
            "saved_query" => Some(ResourceKind::SavedQuery),
            _ => None,
        }
    }

    pub fn route_name(self) -> &'static str {
        match self {
            ResourceKind::Dashboard => "dashboard",
            ResourceKind::Chart => "chart",
            ResourceKind::Dataset => "dataset",
            ResourceKind::Database => "database",
            ResourceKind::SavedQuery => "saved_query",
        }
    }

    /// The `type` of `metadata.yaml` (Superset's model class).
    pub fn metadata_type(self) -> &'static str {
        match self {
            ResourceKind::Dashboard => "Dashboard",
            ResourceKind::Chart => "Slice",
            ResourceKind::Dataset => "SqlaTable",
            ResourceKind::Database => "Database",
            ResourceKind::SavedQuery => "SavedQuery",
        }
    }

    /// The folder its files live in inside a bundle.
    pub fn folder(self) -> &'static str {
        match self {
            ResourceKind::Dashboard => "dashboards",
            ResourceKind::Chart => "charts",
            ResourceKind::Dataset => "datasets",
            ResourceKind::Database => "databases",
            ResourceKind::SavedQuery => "queries",
        }
    }

    /// The name Superset's messages use: "Dashboard already exists ...", "Error importing dashboard".
    pub fn model_name(self) -> &'static str {
        match self {
            ResourceKind::Dashboard => "dashboard",
            ResourceKind::Chart => "chart",
            ResourceKind::Dataset => "dataset",
            ResourceKind::Database => "database",
            ResourceKind::SavedQuery => "saved_queries",
        }
    }

    /// The export file's prefix: `dashboard_export_20261122T122831.zip`.
    pub fn export_prefix(self) -> &'static str {
        match self {
            ResourceKind::Dashboard => "dashboard_export",
            ResourceKind::Chart => "chart_export",
            ResourceKind::Dataset => "dataset_export",
            ResourceKind::Database => "database_export",
            ResourceKind::SavedQuery => "saved_query_export",
        }
    }
}

/// Superset's file-name cleaning (werkzeug's `secure_filename`): path separators count as
/// whitespace, runs of whitespace become one `_`, then only ASCII letters, digits, `_`, `.` and `-`
/// stay, and leading and trailing `.` and `_` go.
pub fn secure_file_name(name: &str) -> String {
    let mut cleaned = String::with_capacity(name.len());
    let mut last_was_space = false;
    for character in name.chars() {
        if character.is_whitespace() || character == '/' || character == '\\' {
            if !last_was_space {
                cleaned.push('_');
            }
            last_was_space = true;
            continue;
        }
        last_was_space = false;
        if character.is_ascii_alphanumeric() || matches!(character, '_' | '.' | '-') {
            cleaned.push(character);
        }
    }
    cleaned
        .trim_matches(|character| character == '.' || character == '_')
        .to_owned()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_names_are_cleaned_as_superset_does() {
        assert_eq!(
            secure_file_name("Births at a glance (oracle, small)_2"),
            "Births_at_a_glance_oracle_small_2"
        );
        assert_eq!(
            secure_file_name("Births by state (pie)_27"),
            "Births_by_state_pie_27"
        );
        assert_eq!(secure_file_name("../../etc/passwd"), "etc_passwd");
        assert_eq!(secure_file_name("examples_sqlite_100k"), "examples_sqlite_100k");
    }
}
