//! Export: objects and everything they depend on as a Superset v1 bundle (a ZIP under one top
//! folder, `{resource}_export_{timestamp}/`). Passwords never leave: URIs carry Superset's mask.

use std::collections::{BTreeMap, HashMap};
use std::io::{Cursor, Write};

use serde_json::{Map, Value};

use super::config::{BundleMetadata, DatabaseConfig, BUNDLE_VERSION};
use super::remap::{layout_chart_ids, layout_with_chart_uuids, metadata_with_mapped_ids};
use super::yaml::{to_yaml, YamlError};
use super::{secure_file_name, uri, ResourceKind};
use crate::store::{Store, StoreError};

#[derive(Debug, thiserror::Error)]
pub enum ExportError {
    /// One of the ids names no object.
    #[error("Not found")]
    NotFound,
    #[error(transparent)]
    Store(StoreError),
    #[error("could not write the bundle: {0}")]
    Write(String),
}

impl From<StoreError> for ExportError {
    fn from(error: StoreError) -> Self {
        match error {
            StoreError::NotFound => ExportError::NotFound,
            other => ExportError::Store(other),
        }
    }
}

impl From<YamlError> for ExportError {
    fn from(error: YamlError) -> Self {
        ExportError::Write(error.to_string())
    }
}

impl From<zip::result::ZipError> for ExportError {
    fn from(error: zip::result::ZipError) -> Self {
        ExportError::Write(error.to_string())
    }
}

/// A finished export: the ZIP's bytes and its file name.
#[derive(Debug, Clone)]
pub struct ExportFile {
    pub file_name: String,
    pub bytes: Vec<u8>,
}

/// The files of a bundle being gathered, by path; each object once.
#[derive(Default)]
struct Gathered {
    files: BTreeMap<String, String>,
    databases: HashMap<i64, String>,
    datasets: HashMap<i64, String>,
    charts: HashMap<i64, String>,
}

impl Gathered {
    async fn database(&mut self, store: &Store, id: i64) -> Result<String, ExportError> {
        if let Some(name) = self.databases.get(&id) {
            return Ok(name.clone());
        }
        let stored = store.bundle_database(id).await?;
        let config = DatabaseConfig {
            sqlalchemy_uri: uri::masked(&stored.config.sqlalchemy_uri),
            ..stored.config
        };
        let name = secure_file_name(&config.database_name);
        self.files
            .insert(format!("databases/{name}.yaml"), to_yaml(&config)?);
        self.databases.insert(id, name.clone());
        Ok(name)
    }

    async fn dataset(&mut self, store: &Store, id: i64) -> Result<String, ExportError> {
        if let Some(uuid) = self.datasets.get(&id) {
            return Ok(uuid.clone());
        }
        let (stored, database_id) = store.bundle_dataset(id).await?;
        let database = self.database(store, database_id).await?;
        let name = secure_file_name(&format!("{}_{id}", stored.config.table_name));
        self.files.insert(
            format!("datasets/{database}/{name}.yaml"),
            to_yaml(&stored.config)?,
        );
        let uuid = stored.config.uuid.to_string();
        self.datasets.insert(id, uuid.clone());
        Ok(uuid)
    }

    async fn chart(&mut self, store: &Store, id: i64) -> Result<Option<String>, ExportError> {
        if let Some(uuid) = self.charts.get(&id) {
            return Ok(Some(uuid.clone()));
        }
        let (stored, dataset_id) = store.bundle_chart(id).await?;
        // A chart without a dataset cannot be imported anywhere: it is left out, as Superset does.
        let Some(dataset_id) = dataset_id else {
            return Ok(None);
        };
        self.dataset(store, dataset_id).await?;
        let name = secure_file_name(&format!("{}_{id}", stored.config.slice_name));
        self.files
            .insert(format!("charts/{name}.yaml"), to_yaml(&stored.config)?);
        let uuid = stored.config.uuid.to_string();
        self.charts.insert(id, uuid.clone());
        Ok(Some(uuid))
    }

    async fn dashboard(&mut self, store: &Store, id: i64) -> Result<(), ExportError> {
        let (stored, mut chart_ids) = store.bundle_dashboard(id).await?;
        chart_ids.extend(layout_chart_ids(&stored.config.position));
        chart_ids.sort_unstable();
        chart_ids.dedup();
        let mut uuid_of_chart = HashMap::new();
        for chart_id in chart_ids {
            match self.chart(store, chart_id).await {
                Ok(Some(uuid)) => {
                    uuid_of_chart.insert(chart_id, uuid);
                }
                Ok(None) | Err(ExportError::NotFound) => {}
                Err(other) => return Err(other),
            }
        }
        // Native filters name datasets by uuid in a bundle.
        let mut dataset_uuids = HashMap::new();
        for dataset_id in native_filter_dataset_ids(&stored.config.metadata) {
            match self.dataset(store, dataset_id).await {
                Ok(uuid) => {
                    dataset_uuids.insert(dataset_id, uuid);
                }
                Err(ExportError::NotFound) => {}
                Err(other) => return Err(other),
            }
        }
        let identity: HashMap<i64, i64> = uuid_of_chart.keys().map(|id| (*id, *id)).collect();
        let to_uuid = |target: &mut Map<String, Value>| {
            let uuid = target
                .get("datasetId")
                .and_then(Value::as_i64)
                .and_then(|id| dataset_uuids.get(&id));
            if let Some(uuid) = uuid {
                let uuid = uuid.clone();
                target.remove("datasetId");
                target.insert("datasetUuid".to_owned(), Value::String(uuid));
            }
        };
        let mut config = stored.config;
        config.position = layout_with_chart_uuids(&config.position, &uuid_of_chart);
        config.metadata = metadata_with_mapped_ids(&config.metadata, &identity, &to_uuid);
        let name = secure_file_name(&format!("{}_{id}", config.dashboard_title));
        self.files
            .insert(format!("dashboards/{name}.yaml"), to_yaml(&config)?);
        Ok(())
    }

    async fn saved_query(&mut self, store: &Store, id: i64) -> Result<(), ExportError> {
        let (stored, database_id) = store.bundle_saved_query(id).await?;
        let Some(database_id) = database_id else {
            return Ok(());
        };
        let database = self.database(store, database_id).await?;
        let schema = secure_file_name(stored.config.schema.as_deref().unwrap_or("default"));
        let schema = if schema.is_empty() {
            "default".to_owned()
        } else {
            schema
        };
        let name = secure_file_name(&format!("{}_{id}", stored.config.label));
        self.files.insert(
            format!("queries/{database}/{schema}/{name}.yaml"),
            to_yaml(&stored.config)?,
        );
        Ok(())
    }
}

/// The dataset ids native filters target.
fn native_filter_dataset_ids(metadata: &Value) -> Vec<i64> {
    let mut ids: Vec<i64> = metadata
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
        .filter_map(|target| target.get("datasetId").and_then(Value::as_i64))
        .collect();
    ids.sort_unstable();
    ids.dedup();
    ids
}

/// Exports objects of one kind by id, with what they depend on (a database export carries its
/// datasets, as Superset's does).
pub async fn export_bundle(
    store: &Store,
    kind: ResourceKind,
    ids: &[i64],
) -> Result<ExportFile, ExportError> {
    let mut gathered = Gathered::default();
    for id in ids {
        match kind {
            ResourceKind::Dashboard => gathered.dashboard(store, *id).await?,
            ResourceKind::Chart => {
                gathered.chart(store, *id).await?;
            }
            ResourceKind::Dataset => {
                gathered.dataset(store, *id).await?;
            }
            ResourceKind::Database => {
                gathered.database(store, *id).await?;
                for dataset_id in store.dataset_ids_of_database(*id).await? {
                    gathered.dataset(store, dataset_id).await?;
                }
            }
            ResourceKind::SavedQuery => gathered.saved_query(store, *id).await?,
        }
    }
    let now = chrono::Utc::now();
    let metadata = BundleMetadata {
        version: BUNDLE_VERSION.to_owned(),
        kind: kind.metadata_type().to_owned(),
        timestamp: now.format("%Y-%m-%dT%H:%M:%S%.6f+00:00").to_string(),
    };
    let root = format!("{}_{}", kind.export_prefix(), now.format("%Y%m%dT%H%M%S"));
    let mut writer = zip::ZipWriter::new(Cursor::new(Vec::new()));
    let options =
        zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    writer.start_file(format!("{root}/metadata.yaml"), options)?;
    writer
        .write_all(to_yaml(&metadata)?.as_bytes())
        .map_err(|error| ExportError::Write(error.to_string()))?;
    for (path, text) in &gathered.files {
        writer.start_file(format!("{root}/{path}"), options)?;
        writer
            .write_all(text.as_bytes())
            .map_err(|error| ExportError::Write(error.to_string()))?;
    }
    let bytes = writer.finish()?.into_inner();
    Ok(ExportFile {
        file_name: format!("{root}.zip"),
        bytes,
    })
}
