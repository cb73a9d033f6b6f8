//! `GET /api/v1/explore/`: what the Explore page loads.

use serde::{Deserialize, Serialize};
use ts_rs::TS;

use crate::dataset::Dataset;
use crate::form_data::FormData;

/// The Explore page's initial state: the dataset with its columns and metrics, and form data.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize, TS)]
#[ts(export)]
pub struct ExploreResponse {
    pub dataset: Dataset,
    pub form_data: FormData,
    pub message: Option<String>,
}
