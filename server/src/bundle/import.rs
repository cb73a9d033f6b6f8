//! Import: a bundle's objects written in one metadata transaction, matched by uuid, with the ids
//! inside charts and dashboards moved to the new objects. Every check that can fail runs before
//! the first write; a write that still fails (a name taken) rolls the whole import back.

use std::collections::{BTreeMap, HashMap};

use quiver_core::stored_document::DocumentKind;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::archive::{ArchiveError, BundleFiles, Upload};
use super::config::{
    BundleMetadata, ChartConfig, DashboardConfig, DatabaseConfig, DatasetConfig, SavedQueryConfig,
    BUNDLE_VERSION, PASSWORD_MASK,
};
use super::remap::{chart_params, chart_query_context, layout_with_new_chart_ids, metadata_with_mapped_ids};
use super::yaml::{from_json, from_yaml};
use super::{uri, ResourceKind};
use crate::store::bundle::{BundleTable, BundleWriter, Target};
use crate::store::stored_document::migrate;
use crate::store::{Store, StoreError};

/// The secrets and choices sent with an import (multipart fields of Superset's form).
#[derive(Debug, Clone, Default)]
pub struct ImportOptions {
    /// Overwrite objects of the imported kind that exist already.
    pub overwrite: bool,
    /// Database passwords by file path (`databases/examples.yaml`).
    pub passwords: HashMap<String, String>,
    pub ssh_tunnel_passwords: HashMap<String, String>,
    pub ssh_tunnel_private_keys: HashMap<String, String>,
    pub ssh_tunnel_private_key_passwords: HashMap<String, String>,
}

#[derive(Debug, thiserror::Error)]
pub enum ImportError {
    /// The upload could not be read safely.
    #[error(transparent)]
    Archive(#[from] ArchiveError),
    /// Files of the bundle are refused, by path (Superset's 422 "Error importing ...").
    #[error("the bundle was refused")]
    Invalid(Map<String, Value>),
    #[error(transparent)]
    Store(StoreError),
}

/// What an import changed that callers must know about.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ImportOutcome {
    /// Databases whose connection was written (their open engines are stale).
    pub written_databases: Vec<i64>,
}

/// The parsed files of a bundle, by path.
#[derive(Debug, Default)]
struct Bundle {
    databases: BTreeMap<String, DatabaseConfig>,
    datasets: BTreeMap<String, DatasetConfig>,
    charts: BTreeMap<String, ChartConfig>,
    dashboards: BTreeMap<String, DashboardConfig>,
    queries: BTreeMap<String, SavedQueryConfig>,
}

/// Collects refusals by file path.
#[derive(Default)]
struct Refusals(Map<String, Value>);

impl Refusals {
    fn add(&mut self, path: &str, message: Value) {
        self.0.insert(path.to_owned(), message);
    }

    fn schema(&mut self, path: &str, message: &str) {
        self.add(path, serde_json::json!({"_schema": [message]}));
    }
}

fn parse<T: DeserializeOwned>(path: &str, text: &str, is_json: bool, refusals: &mut Refusals) -> Option<T> {
    let parsed = if is_json { from_json(text) } else { from_yaml(text) };
    match parsed {
        Ok(value) => Some(value),
        Err(error) => {
            refusals.add(path, Value::Array(vec![Value::String(error.to_string())]));
            None
        }
    }
}

/// The kinds of object an import of `kind` writes (Superset's commands import these).
fn imported_folders(kind: ResourceKind) -> &'static [ResourceKind] {
    match kind {
        ResourceKind::Dashboard => &[
            ResourceKind::Database,
            ResourceKind::Dataset,
            ResourceKind::Chart,
            ResourceKind::Dashboard,
        ],
        ResourceKind::Chart => &[ResourceKind::Database, ResourceKind::Dataset, ResourceKind::Chart],
        ResourceKind::Dataset | ResourceKind::Database => &[ResourceKind::Database, ResourceKind::Dataset],
        ResourceKind::SavedQuery => &[ResourceKind::Database, ResourceKind::SavedQuery],
    }
}

fn folder_of(path: &str) -> Option<ResourceKind> {
    let folder = path.split('/').next()?;
    [
        ResourceKind::Database,
        ResourceKind::Dataset,
        ResourceKind::Chart,
        ResourceKind::Dashboard,
        ResourceKind::SavedQuery,
    ]
    .into_iter()
    .find(|kind| kind.folder() == folder && path.contains('/'))
}

/// Reads and type-checks the files an import of `kind` uses.
fn parse_bundle(kind: ResourceKind, upload: Upload, file_name: &str) -> Result<Bundle, ImportError> {
    let mut refusals = Refusals::default();
    let (files, is_json): (BundleFiles, bool) = match upload {
        Upload::Archive(files) => {
            match files.get("metadata.yaml") {
                None => refusals.add("metadata.yaml", serde_json::json!(["Missing metadata.yaml"])),
                Some(text) => {
                    if let Some(metadata) =
                        parse::<BundleMetadata>("metadata.yaml", text, false, &mut refusals)
                    {
                        if metadata.version != BUNDLE_VERSION {
                            refusals.add(
                                "metadata.yaml",
                                serde_json::json!({"version": [format!("Must be equal to {BUNDLE_VERSION}.")]}),
                            );
                        } else if metadata.kind != kind.metadata_type() {
                            refusals.add(
                                "metadata.yaml",
                                serde_json::json!({"type": [format!("Must be equal to {}.", kind.metadata_type())]}),
                            );
                        }
                    }
                }
            }
            (files, false)
        }
        Upload::Single { is_json, text } => {
            // One file is one object of the imported kind; what it depends on must be stored.
            let name = super::secure_file_name(file_name);
            (
                BundleFiles::from([(format!("{}/{name}", kind.folder()), text)]),
                is_json,
            )
        }
    };
    let wanted = imported_folders(kind);
    let mut bundle = Bundle::default();
    for (path, text) in &files {
        let Some(folder) = folder_of(path).filter(|folder| wanted.contains(folder)) else {
            continue;
        };
        match folder {
            ResourceKind::Database => {
                if let Some(config) = parse(path, text, is_json, &mut refusals) {
                    bundle.databases.insert(path.clone(), config);
                }
            }
            ResourceKind::Dataset => {
                if let Some(config) = parse(path, text, is_json, &mut refusals) {
                    bundle.datasets.insert(path.clone(), config);
                }
            }
            ResourceKind::Chart => {
                if let Some(mut config) = parse::<ChartConfig>(path, text, is_json, &mut refusals) {
                    if !config.params.is_object() {
                        refusals.add(path, serde_json::json!({"params": ["Not a valid mapping type."]}));
                    } else {
                        // Saved at the current form data version, as every save is.
                        match migrate(DocumentKind::FormData, config.params.take()) {
                            Ok(params) => {
                                config.params = params;
                                bundle.charts.insert(path.clone(), config);
                            }
                            Err(error) => {
                                refusals.add(path, serde_json::json!({"params": [error.to_string()]}));
                            }
                        }
                    }
                }
            }
            ResourceKind::Dashboard => {
                if let Some(mut config) = parse::<DashboardConfig>(path, text, is_json, &mut refusals) {
                    if !config.position.is_object() {
                        refusals.add(
                            path,
                            serde_json::json!({"position": ["Not a valid mapping type."]}),
                        );
                    } else if !config.metadata.is_object() {
                        refusals.add(
                            path,
                            serde_json::json!({"metadata": ["Not a valid mapping type."]}),
                        );
                    } else {
                        // Saved at the current layout and metadata versions, as every save is.
                        let position = migrate(DocumentKind::PositionJson, config.position.take());
                        let metadata = migrate(DocumentKind::JsonMetadata, config.metadata.take());
                        match (position, metadata) {
                            (Ok(position), Ok(metadata)) => {
                                config.position = position;
                                config.metadata = metadata;
                                bundle.dashboards.insert(path.clone(), config);
                            }
                            (Err(error), _) => {
                                refusals.add(path, serde_json::json!({"position": [error.to_string()]}));
                            }
                            (_, Err(error)) => {
                                refusals.add(path, serde_json::json!({"metadata": [error.to_string()]}));
                            }
                        }
                    }
                }
            }
            ResourceKind::SavedQuery => {
                if let Some(config) = parse(path, text, is_json, &mut refusals) {
                    bundle.queries.insert(path.clone(), config);
                }
            }
        }
    }
    let primary_count = match kind {
        ResourceKind::Dashboard => bundle.dashboards.len(),
        ResourceKind::Chart => bundle.charts.len(),
        ResourceKind::Dataset => bundle.datasets.len(),
        ResourceKind::Database => bundle.databases.len(),
        ResourceKind::SavedQuery => bundle.queries.len(),
    };
    if refusals.0.is_empty() && primary_count == 0 {
        refusals.add(
            kind.folder(),
            serde_json::json!([format!("The bundle holds no {} to import", kind.folder())]),
        );
    }
    if !refusals.0.is_empty() {
        return Err(ImportError::Invalid(refusals.0));
    }
    Ok(bundle)
}

fn store_error(error: StoreError) -> ImportError {
    ImportError::Store(error)
}

async fn lookup(store: &Store, table: BundleTable, uuid: &uuid::Uuid) -> Result<Option<i64>, ImportError> {
    store.id_by_uuid(table, uuid).await.map_err(store_error)
}

/// A database's URI to store: a masked password is replaced by the one sent, or kept from the
/// stored connection; none sent for a new connection is a refusal.
async fn resolve_uri(
    store: &Store,
    path: &str,
    config: &DatabaseConfig,
    existing: Option<i64>,
    options: &ImportOptions,
    refusals: &mut Refusals,
) -> Result<String, ImportError> {
    let stated = config.sqlalchemy_uri.as_str();
    if !uri::has_masked_password(stated) {
        return Ok(stated.to_owned());
    }
    let sent = options
        .passwords
        .get(path)
        .or(config.password.as_ref())
        .filter(|password| !password.is_empty() && password.as_str() != PASSWORD_MASK);
    if let Some(password) = sent {
        return Ok(uri::with_password(stated, password));
    }
    if let Some(id) = existing {
        let stored = store.database_uri(id).await.map_err(store_error)?;
        if let Some(password) = uri::password(&stored) {
            let stated_without = uri::masked(stated);
            return Ok(stated_without.replacen(PASSWORD_MASK, password, 1));
        }
    }
    refusals.schema(path, "Must provide a password for the database");
    Ok(stated.to_owned())
}

/// Superset's SSH tunnel checks: a masked secret needs its value from the form. Quiver opens no
/// tunnels, so the values are checked and not kept.
fn check_ssh_tunnel(path: &str, config: &DatabaseConfig, options: &ImportOptions, refusals: &mut Refusals) {
    let Some(Value::Object(tunnel)) = &config.ssh_tunnel else {
        return;
    };
    let masked = |key: &str| tunnel.get(key).and_then(Value::as_str) == Some(PASSWORD_MASK);
    if masked("password") && !options.ssh_tunnel_passwords.contains_key(path) {
        refusals.schema(path, "Must provide a password for the ssh tunnel");
    } else if masked("private_key") && !options.ssh_tunnel_private_keys.contains_key(path) {
        refusals.schema(path, "Must provide a private key for the ssh tunnel");
    } else if masked("private_key_password") && !options.ssh_tunnel_private_key_passwords.contains_key(path) {
        refusals.schema(path, "Must provide a private key password for the ssh tunnel");
    }
}

/// The message Superset gives for an existing object when `overwrite` was not sent.
fn exists_message(kind: ResourceKind) -> String {
    let name = kind
        .model_name()
        .split('_')
        .map(|word| {
            let mut word = word.to_owned();
            if let Some(first) = word.get_mut(0..1) {
                first.make_ascii_uppercase();
            }
            word
        })
        .collect::<Vec<_>>()
        .join("_");
    format!("{name} already exists and `overwrite=true` was not passed")
}

/// Imports an upload as `kind`, for `user_id`.
pub async fn import_bundle(
    store: &Store,
    kind: ResourceKind,
    file_name: &str,
    upload: Upload,
    options: &ImportOptions,
    user_id: i64,
) -> Result<ImportOutcome, ImportError> {
    let bundle = parse_bundle(kind, upload, file_name)?;
    let mut refusals = Refusals::default();

    // Existing objects, by uuid, before anything is written.
    let mut existing_databases = HashMap::new();
    for (path, config) in &bundle.databases {
        let existing = store
            .id_by_uuid(BundleTable::Databases, &config.uuid)
            .await
            .map_err(store_error)?;
        existing_databases.insert(path.clone(), existing);
    }
    let primary_paths: Vec<(&String, BundleTable, &uuid::Uuid)> = match kind {
        ResourceKind::Dashboard => bundle
            .dashboards
            .iter()
            .map(|(path, config)| (path, BundleTable::Dashboards, &config.uuid))
            .collect(),
        ResourceKind::Chart => bundle
            .charts
            .iter()
            .map(|(path, config)| (path, BundleTable::Charts, &config.uuid))
            .collect(),
        ResourceKind::Dataset => bundle
            .datasets
            .iter()
            .map(|(path, config)| (path, BundleTable::Datasets, &config.uuid))
            .collect(),
        ResourceKind::Database => bundle
            .databases
            .iter()
            .map(|(path, config)| (path, BundleTable::Databases, &config.uuid))
            .collect(),
        ResourceKind::SavedQuery => bundle
            .queries
            .iter()
            .map(|(path, config)| (path, BundleTable::SavedQueries, &config.uuid))
            .collect(),
    };
    if !options.overwrite {
        for (path, table, uuid) in &primary_paths {
            if lookup(store, *table, uuid).await?.is_some() {
                refusals.add(path, Value::String(exists_message(kind)));
            }
        }
    }

    // Connections: engine, password, tunnel.
    let mut uris = HashMap::new();
    for (path, config) in &bundle.databases {
        let existing = existing_databases.get(path).copied().flatten();
        let keeps_existing = existing.is_some() && !(kind == ResourceKind::Database && options.overwrite);
        if keeps_existing {
            continue;
        }
        if uri::backend(&config.sqlalchemy_uri).is_none() {
            refusals.add(
                path,
                serde_json::json!({"sqlalchemy_uri": ["Quiver has no engine for this database: DuckDB, SQLite, PostgreSQL and MySQL are supported"]}),
            );
            continue;
        }
        check_ssh_tunnel(path, config, options, &mut refusals);
        let resolved = resolve_uri(store, path, config, existing, options, &mut refusals).await?;
        uris.insert(path.clone(), resolved);
    }

    // Dependencies: in the bundle or stored.
    let bundle_database_uuids: Vec<&uuid::Uuid> =
        bundle.databases.values().map(|config| &config.uuid).collect();
    for (path, config) in &bundle.datasets {
        if !bundle_database_uuids.contains(&&config.database_uuid)
            && lookup(store, BundleTable::Databases, &config.database_uuid)
                .await?
                .is_none()
        {
            refusals.schema(
                path,
                &format!(
                    "Database {} is neither in the bundle nor stored",
                    config.database_uuid
                ),
            );
        }
    }
    for (path, config) in &bundle.queries {
        if !bundle_database_uuids.contains(&&config.database_uuid)
            && lookup(store, BundleTable::Databases, &config.database_uuid)
                .await?
                .is_none()
        {
            refusals.schema(
                path,
                &format!(
                    "Database {} is neither in the bundle nor stored",
                    config.database_uuid
                ),
            );
        }
    }
    let bundle_dataset_uuids: Vec<&uuid::Uuid> =
        bundle.datasets.values().map(|config| &config.uuid).collect();
    for (path, config) in &bundle.charts {
        if !bundle_dataset_uuids.contains(&&config.dataset_uuid)
            && lookup(store, BundleTable::Datasets, &config.dataset_uuid)
                .await?
                .is_none()
        {
            refusals.schema(
                path,
                &format!(
                    "Dataset {} is neither in the bundle nor stored",
                    config.dataset_uuid
                ),
            );
        }
    }
    if !refusals.0.is_empty() {
        return Err(ImportError::Invalid(refusals.0));
    }

    let mut writer = store.begin_bundle_import(user_id).await.map_err(store_error)?;
    let outcome = write_bundle(&mut writer, kind, &bundle, &uris, options.overwrite).await?;
    writer.commit().await.map_err(store_error)?;
    Ok(outcome)
}

/// Where an object goes: a new row, an overwrite of the stored one (objects of the imported kind
/// with `overwrite`), or nothing (a stored dependency is used as it is).
async fn target_of(
    writer: &mut BundleWriter,
    table: BundleTable,
    uuid: &uuid::Uuid,
    is_primary: bool,
    overwrite: bool,
) -> Result<Option<Target>, ImportError> {
    match writer.id_by_uuid(table, uuid).await.map_err(store_error)? {
        None => Ok(Some(Target::New)),
        Some(id) if is_primary && overwrite => Ok(Some(Target::Existing(id))),
        Some(_) => Ok(None),
    }
}

/// A failed write of one file: a taken name is that file's refusal.
fn write_error(path: &str) -> impl Fn(StoreError) -> ImportError + '_ {
    move |error| match error {
        StoreError::Conflict(message) => {
            let mut refusals = Map::new();
            refusals.insert(path.to_owned(), serde_json::json!({"_schema": [message]}));
            ImportError::Invalid(refusals)
        }
        other => ImportError::Store(other),
    }
}

async fn stored_id(
    writer: &mut BundleWriter,
    table: BundleTable,
    uuid: &uuid::Uuid,
) -> Result<i64, ImportError> {
    writer
        .id_by_uuid(table, uuid)
        .await
        .map_err(store_error)?
        .ok_or(ImportError::Store(StoreError::NotFound))
}

async fn write_bundle(
    writer: &mut BundleWriter,
    kind: ResourceKind,
    bundle: &Bundle,
    uris: &HashMap<String, String>,
    overwrite: bool,
) -> Result<ImportOutcome, ImportError> {
    let mut outcome = ImportOutcome::default();
    for (path, config) in &bundle.databases {
        let table = BundleTable::Databases;
        let primary = kind == ResourceKind::Database;
        if let Some(target) = target_of(writer, table, &config.uuid, primary, overwrite).await? {
            let stored_uri = uris
                .get(path)
                .map_or(config.sqlalchemy_uri.as_str(), String::as_str);
            let backend = uri::backend(stored_uri).unwrap_or("sqlite");
            let id = writer
                .write_database(config, stored_uri, backend, target)
                .await
                .map_err(write_error(path))?;
            outcome.written_databases.push(id);
        }
    }
    for (path, config) in &bundle.datasets {
        let primary = kind == ResourceKind::Dataset;
        if let Some(target) =
            target_of(writer, BundleTable::Datasets, &config.uuid, primary, overwrite).await?
        {
            let database_id = stored_id(writer, BundleTable::Databases, &config.database_uuid).await?;
            writer
                .write_dataset(config, database_id, target)
                .await
                .map_err(write_error(path))?;
        }
    }
    for (path, config) in &bundle.charts {
        let primary = kind == ResourceKind::Chart;
        if let Some(target) = target_of(writer, BundleTable::Charts, &config.uuid, primary, overwrite).await?
        {
            let dataset_id = stored_id(writer, BundleTable::Datasets, &config.dataset_uuid).await?;
            let params = chart_params(&config.params, dataset_id).to_string();
            let id = writer
                .write_chart(config, dataset_id, &params, None, target)
                .await
                .map_err(write_error(path))?;
            let query_context = chart_query_context(config.query_context.as_deref(), dataset_id, id);
            writer
                .set_chart_query_context(id, query_context.as_deref())
                .await
                .map_err(store_error)?;
        }
    }
    for (path, config) in &bundle.dashboards {
        let primary = kind == ResourceKind::Dashboard;
        let Some(target) =
            target_of(writer, BundleTable::Dashboards, &config.uuid, primary, overwrite).await?
        else {
            continue;
        };
        // Charts by the uuids the layout names, datasets by the uuids native filters name.
        let mut chart_ids = HashMap::new();
        for uuid in layout_chart_uuids(&config.position) {
            if let Ok(parsed) = uuid::Uuid::parse_str(&uuid) {
                if let Some(id) = writer
                    .id_by_uuid(BundleTable::Charts, &parsed)
                    .await
                    .map_err(store_error)?
                {
                    chart_ids.insert(uuid, id);
                }
            }
        }
        let mut dataset_ids = HashMap::new();
        for uuid in filter_dataset_uuids(&config.metadata) {
            if let Ok(parsed) = uuid::Uuid::parse_str(&uuid) {
                if let Some(id) = writer
                    .id_by_uuid(BundleTable::Datasets, &parsed)
                    .await
                    .map_err(store_error)?
                {
                    dataset_ids.insert(uuid, id);
                }
            }
        }
        let (position, chart_map) = layout_with_new_chart_ids(&config.position, &chart_ids);
        let to_id = |target: &mut Map<String, Value>| {
            let id = target
                .get("datasetUuid")
                .and_then(Value::as_str)
                .and_then(|uuid| dataset_ids.get(uuid))
                .copied();
            if let Some(id) = id {
                target.remove("datasetUuid");
                target.insert("datasetId".to_owned(), Value::from(id));
            }
        };
        let metadata = metadata_with_mapped_ids(&config.metadata, &chart_map, &to_id);
        let mut members: Vec<i64> = chart_ids.values().copied().collect();
        members.sort_unstable();
        writer
            .write_dashboard(
                config,
                &position.to_string(),
                &metadata.to_string(),
                &members,
                target,
            )
            .await
            .map_err(write_error(path))?;
    }
    for (path, config) in &bundle.queries {
        let primary = kind == ResourceKind::SavedQuery;
        if let Some(target) = target_of(
            writer,
            BundleTable::SavedQueries,
            &config.uuid,
            primary,
            overwrite,
        )
        .await?
        {
            let database_id = stored_id(writer, BundleTable::Databases, &config.database_uuid).await?;
            writer
                .write_saved_query(config, database_id, target)
                .await
                .map_err(write_error(path))?;
        }
    }
    Ok(outcome)
}

/// The chart uuids a bundle layout names (`meta.uuid` of CHART components).
fn layout_chart_uuids(position: &Value) -> Vec<String> {
    position
        .as_object()
        .into_iter()
        .flat_map(|components| components.values())
        .filter(|component| component.get("type").and_then(Value::as_str) == Some("CHART"))
        .filter_map(|component| component.get("meta")?.get("uuid")?.as_str().map(str::to_owned))
        .collect()
}

/// The dataset uuids native filters of a bundle's metadata target.
fn filter_dataset_uuids(metadata: &Value) -> Vec<String> {
    metadata
        .get("native_filter_configuration")
        .and_then(Value::as_array)
        .into_iter()
        .flatten()
        .flat_map(|filter| {
            filter
                .get("targets")
                .and_then(Value::as_array)
                .into_iter()
                .flatten()
        })
        .filter_map(|target| {
            target
                .get("datasetUuid")
                .and_then(Value::as_str)
                .map(str::to_owned)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn existing_object_messages_match_superset() {
        assert_eq!(
            exists_message(ResourceKind::Dashboard),
            "Dashboard already exists and `overwrite=true` was not passed"
        );
        assert_eq!(
            exists_message(ResourceKind::SavedQuery),
            "Saved_Queries already exists and `overwrite=true` was not passed"
        );
    }

    #[test]
    fn a_bundle_for_another_kind_is_refused() {
        let files = BundleFiles::from([(
            "metadata.yaml".to_owned(),
            "version: 1.0.0\ntype: Slice\ntimestamp: '2026-11-22T12:28:31+00:00'\n".to_owned(),
        )]);
        let Err(ImportError::Invalid(refusals)) =
            parse_bundle(ResourceKind::Dashboard, Upload::Archive(files), "x.zip")
        else {
            panic!("expected a refusal");
        };
        assert_eq!(
            refusals["metadata.yaml"],
            serde_json::json!({"type": ["Must be equal to Dashboard."]})
        );
    }

    #[test]
    fn wrong_types_name_the_file() {
        let files = BundleFiles::from([
            (
                "metadata.yaml".to_owned(),
                "version: 1.0.0\ntype: Slice\ntimestamp: '2026-11-22T12:28:31+00:00'\n".to_owned(),
            ),
            (
                "charts/a.yaml".to_owned(),
                "slice_name: [1, 2]\nviz_type: pie\nuuid: 8bc01cc2-8db5-4b1a-a6b4-61346a82e0b1\ndataset_uuid: 8bc01cc2-8db5-4b1a-a6b4-61346a82e0b1\n".to_owned(),
            ),
        ]);
        let Err(ImportError::Invalid(refusals)) =
            parse_bundle(ResourceKind::Chart, Upload::Archive(files), "x.zip")
        else {
            panic!("expected a refusal");
        };
        assert!(refusals.contains_key("charts/a.yaml"), "{refusals:?}");
    }
}
