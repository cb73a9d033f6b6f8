//! Where a dataset made from SQL Lab came from: its catalog, template parameters and external
//! management fields (spec 002 section 7's `POST /api/v1/dataset/` fields).

use super::{now_text, Store, StoreResult};

/// The origin fields of a dataset; `None` leaves a field as it is.
#[derive(Debug, Clone, Default)]
pub struct DatasetOrigin<'a> {
    pub catalog: Option<&'a str>,
    pub template_params: Option<&'a str>,
    pub is_managed_externally: Option<bool>,
    pub external_url: Option<&'a str>,
}

impl Store {
    /// Stores the origin fields of a dataset; true when the dataset exists.
    pub async fn set_dataset_origin(&self, id: i64, origin: &DatasetOrigin<'_>) -> StoreResult<bool> {
        let result = sqlx::query(
            "UPDATE tables SET catalog = COALESCE($2, catalog), template_params = COALESCE($3, template_params),
                    is_managed_externally = COALESCE($4, is_managed_externally),
                    external_url = COALESCE($5, external_url), changed_on = $6
             WHERE id = $1",
        )
        .bind(id)
        .bind(origin.catalog)
        .bind(origin.template_params)
        .bind(origin.is_managed_externally)
        .bind(origin.external_url)
        .bind(now_text())
        .execute(&self.pool)
        .await?;
        Ok(result.rows_affected() > 0)
    }
}
