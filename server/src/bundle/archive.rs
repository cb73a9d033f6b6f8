//! Reading an uploaded bundle safely: a ZIP archive or one YAML/JSON file, within fixed limits
//! (upload size, entry count, per-file and total uncompressed size, compression ratio) and with
//! every entry name checked before anything is read.

use std::collections::BTreeMap;
use std::io::{Cursor, Read};

/// The largest upload accepted (the multipart body), 20 MiB.
pub const MAX_UPLOAD_BYTES: usize = 20 * 1024 * 1024;
/// The most entries an archive may hold.
pub const MAX_ENTRIES: usize = 1000;
/// The largest uncompressed size of one file, 10 MiB.
pub const MAX_FILE_BYTES: u64 = 10 * 1024 * 1024;
/// The largest uncompressed size of all files together, 50 MiB.
pub const MAX_TOTAL_BYTES: u64 = 50 * 1024 * 1024;
/// The highest compression ratio (uncompressed / compressed) of one entry.
pub const MAX_COMPRESSION_RATIO: u64 = 200;

/// Why an upload was refused before any of it was imported.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum ArchiveError {
    /// The upload is larger than [`MAX_UPLOAD_BYTES`].
    #[error("The file is larger than the 20 MiB limit")]
    UploadTooLarge,
    /// The upload is not a ZIP archive and not a YAML or JSON file.
    #[error("Not a valid ZIP file")]
    NotAnArchive,
    /// The file name does not end in one of the accepted types.
    #[error("Unsupported file type: accepted types are .yaml, .json, .yml and .zip")]
    UnsupportedFileType,
    /// The archive holds more than [`MAX_ENTRIES`] entries.
    #[error("The archive holds more than 1000 files")]
    TooManyEntries,
    /// An entry name escapes the archive's folder (`..`), is absolute, or is not a plain path.
    #[error("The archive holds an unsafe file path: {0}")]
    UnsafePath(String),
    /// An entry is a symbolic link.
    #[error("The archive holds a symbolic link: {0}")]
    SymbolicLink(String),
    /// One file is larger than [`MAX_FILE_BYTES`] uncompressed.
    #[error("The file {0} is larger than the 10 MiB limit")]
    FileTooLarge(String),
    /// All files together are larger than [`MAX_TOTAL_BYTES`] uncompressed.
    #[error("The archive is larger than the 50 MiB limit once uncompressed")]
    TotalTooLarge,
    /// One entry is compressed more than [`MAX_COMPRESSION_RATIO`] to one.
    #[error("The file {0} is compressed suspiciously well (more than 200 to 1)")]
    CompressionRatio(String),
    /// Two entries have the same name.
    #[error("The archive holds the file {0} twice")]
    DuplicateEntry(String),
    /// A YAML or JSON file is not UTF-8 text.
    #[error("The file {0} is not UTF-8 text")]
    NotText(String),
    /// The archive is damaged.
    #[error("The ZIP file could not be read: {0}")]
    Damaged(String),
}

/// The text files of a bundle by their path inside the bundle (the export's top folder removed):
/// `metadata.yaml`, `databases/examples.yaml`, ...
pub type BundleFiles = BTreeMap<String, String>;

/// Whether a file name is one of the accepted upload types.
fn extension(file_name: &str) -> Option<&'static str> {
    let lower = file_name.to_ascii_lowercase();
    ["zip", "yaml", "yml", "json"]
        .into_iter()
        .find(|extension| lower.ends_with(&format!(".{extension}")))
}

/// An upload as files. A ZIP gives its YAML files; one YAML or JSON file gives itself under its
/// own name (the caller places it).
pub fn read_upload(file_name: &str, bytes: &[u8]) -> Result<Upload, ArchiveError> {
    if bytes.len() > MAX_UPLOAD_BYTES {
        return Err(ArchiveError::UploadTooLarge);
    }
    let is_zip_magic = bytes.starts_with(b"PK\x03\x04") || bytes.starts_with(b"PK\x05\x06");
    match extension(file_name) {
        Some("zip") => read_zip(bytes).map(Upload::Archive),
        Some(kind) if !is_zip_magic => {
            if bytes.len() as u64 > MAX_FILE_BYTES {
                return Err(ArchiveError::FileTooLarge(file_name.to_owned()));
            }
            let text =
                String::from_utf8(bytes.to_vec()).map_err(|_| ArchiveError::NotText(file_name.to_owned()))?;
            Ok(Upload::Single {
                is_json: kind == "json",
                text,
            })
        }
        Some(_) => read_zip(bytes).map(Upload::Archive),
        None if is_zip_magic => read_zip(bytes).map(Upload::Archive),
        None => Err(ArchiveError::UnsupportedFileType),
    }
}

/// What an upload held.
#[derive(Debug, Clone, PartialEq)]
pub enum Upload {
    /// A ZIP bundle's text files.
    Archive(BundleFiles),
    /// One configuration file.
    Single { is_json: bool, text: String },
}

/// An entry name as a safe relative path, or why not. Names are `/`-separated; a backslash, a
/// drive letter, a leading `/`, an empty, `.` or `..` component, or a control character is
/// refused.
fn safe_entry_path(name: &str) -> Result<Vec<&str>, ArchiveError> {
    let unsafe_path = || ArchiveError::UnsafePath(name.chars().take(200).collect());
    if name.is_empty()
        || name.starts_with('/')
        || name.contains('\\')
        || name.chars().any(char::is_control)
        || name.as_bytes().get(1) == Some(&b':')
    {
        return Err(unsafe_path());
    }
    let trimmed = name.strip_suffix('/').unwrap_or(name);
    let parts: Vec<&str> = trimmed.split('/').collect();
    if parts
        .iter()
        .any(|part| part.is_empty() || *part == "." || *part == "..")
    {
        return Err(unsafe_path());
    }
    Ok(parts)
}

/// The folders a bundle's files live in; an export's top folder comes before them.
const BUNDLE_FOLDERS: &[&str] = &["databases", "datasets", "charts", "dashboards", "queries"];

/// A path inside the bundle: Superset's exports put everything under one top folder
/// (`dashboard_export_20261122T122831/`), which is removed.
fn bundle_path(parts: &[&str]) -> String {
    match parts {
        [first, rest @ ..] if !rest.is_empty() && !BUNDLE_FOLDERS.contains(first) => rest.join("/"),
        _ => parts.join("/"),
    }
}

fn is_config_file(path: &str) -> bool {
    let lower = path.to_ascii_lowercase();
    lower.ends_with(".yaml") || lower.ends_with(".yml")
}

fn read_zip(bytes: &[u8]) -> Result<BundleFiles, ArchiveError> {
    let mut archive = zip::ZipArchive::new(Cursor::new(bytes)).map_err(|error| match error {
        zip::result::ZipError::InvalidArchive(_) => ArchiveError::NotAnArchive,
        other => ArchiveError::Damaged(other.to_string()),
    })?;
    if archive.len() > MAX_ENTRIES {
        return Err(ArchiveError::TooManyEntries);
    }
    // Every name is checked before any content is read.
    let mut entries = Vec::with_capacity(archive.len());
    let mut declared_total: u64 = 0;
    for index in 0..archive.len() {
        let entry = archive
            .by_index_raw(index)
            .map_err(|error| ArchiveError::Damaged(error.to_string()))?;
        let name = entry
            .name()
            .map_err(|error| ArchiveError::Damaged(error.to_string()))?
            .into_owned();
        let parts = safe_entry_path(&name)?;
        if entry.enclosed_name().is_none() {
            return Err(ArchiveError::UnsafePath(name));
        }
        if entry.is_symlink() {
            return Err(ArchiveError::SymbolicLink(name));
        }
        if entry.size() > MAX_FILE_BYTES {
            return Err(ArchiveError::FileTooLarge(name));
        }
        if entry.size() > entry.compressed_size().max(1) * MAX_COMPRESSION_RATIO {
            return Err(ArchiveError::CompressionRatio(name));
        }
        declared_total += entry.size();
        let path = bundle_path(&parts);
        entries.push((index, name, path, entry.is_dir()));
    }
    if declared_total > MAX_TOTAL_BYTES {
        return Err(ArchiveError::TotalTooLarge);
    }
    let mut files = BundleFiles::new();
    let mut total: u64 = 0;
    for (index, name, path, is_dir) in entries {
        if is_dir || !is_config_file(&path) {
            continue;
        }
        let entry = archive
            .by_index(index)
            .map_err(|error| ArchiveError::Damaged(error.to_string()))?;
        let compressed = entry.compressed_size().max(1);
        // Declared sizes can lie: read at most one byte past each limit and count what came.
        let mut content = Vec::new();
        entry
            .take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut content)
            .map_err(|error| ArchiveError::Damaged(error.to_string()))?;
        let size = content.len() as u64;
        if size > MAX_FILE_BYTES {
            return Err(ArchiveError::FileTooLarge(name));
        }
        if size > compressed * MAX_COMPRESSION_RATIO {
            return Err(ArchiveError::CompressionRatio(name));
        }
        total += size;
        if total > MAX_TOTAL_BYTES {
            return Err(ArchiveError::TotalTooLarge);
        }
        let text = String::from_utf8(content).map_err(|_| ArchiveError::NotText(name.clone()))?;
        if files.insert(path.clone(), text).is_some() {
            return Err(ArchiveError::DuplicateEntry(path));
        }
    }
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entry_names_must_be_plain_relative_paths() {
        assert!(safe_entry_path("export/charts/a.yaml").is_ok());
        for name in [
            "../etc/passwd",
            "export/../../x.yaml",
            "/etc/passwd",
            "C:/windows/x.yaml",
            "export\\..\\x.yaml",
            "export//x.yaml",
            "export/./x.yaml",
            "",
        ] {
            assert!(
                matches!(safe_entry_path(name), Err(ArchiveError::UnsafePath(_))),
                "{name}"
            );
        }
    }

    #[test]
    fn the_export_folder_is_removed() {
        assert_eq!(
            bundle_path(&["dashboard_export_1", "charts", "a.yaml"]),
            "charts/a.yaml"
        );
        assert_eq!(
            bundle_path(&["dashboard_export_1", "metadata.yaml"]),
            "metadata.yaml"
        );
        assert_eq!(bundle_path(&["charts", "a.yaml"]), "charts/a.yaml");
        assert_eq!(bundle_path(&["metadata.yaml"]), "metadata.yaml");
    }

    #[test]
    fn unknown_types_are_refused() {
        assert_eq!(
            read_upload("bundle.tar", b"abc"),
            Err(ArchiveError::UnsupportedFileType)
        );
        assert_eq!(
            read_upload("bundle.zip", b"not a zip at all"),
            Err(ArchiveError::NotAnArchive)
        );
    }
}
