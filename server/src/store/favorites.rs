//! Favorites (`favstar`): a user's stars on charts (`slice`), dashboards (`Dashboard`) and
//! tags, with Superset's class names.

use super::{now_text, Store, StoreResult};

impl Store {
    /// Stars the object; starring it again changes nothing.
    pub async fn add_favorite(&self, user_id: i64, class_name: &str, object_id: i64) -> StoreResult<()> {
        sqlx::query(
            "INSERT INTO favstar (user_id, class_name, obj_id, dttm) VALUES ($1, $2, $3, $4)
             ON CONFLICT (user_id, class_name, obj_id) DO NOTHING",
        )
        .bind(user_id)
        .bind(class_name)
        .bind(object_id)
        .bind(now_text())
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    /// Removes the star, if there is one.
    pub async fn remove_favorite(&self, user_id: i64, class_name: &str, object_id: i64) -> StoreResult<()> {
        sqlx::query("DELETE FROM favstar WHERE user_id = $1 AND class_name = $2 AND obj_id = $3")
            .bind(user_id)
            .bind(class_name)
            .bind(object_id)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Which of `object_ids` the user starred.
    pub async fn favorite_ids(
        &self,
        user_id: i64,
        class_name: &str,
        object_ids: &[i64],
    ) -> StoreResult<Vec<i64>> {
        if object_ids.is_empty() {
            return Ok(Vec::new());
        }
        let placeholders = (0..object_ids.len())
            .map(|index| format!("${}", index + 3))
            .collect::<Vec<_>>()
            .join(", ");
        let sql = format!(
            "SELECT obj_id FROM favstar WHERE user_id = $1 AND class_name = $2 AND obj_id IN ({placeholders})"
        );
        let mut query = sqlx::query_scalar(&sql).bind(user_id).bind(class_name);
        for id in object_ids {
            query = query.bind(*id);
        }
        Ok(query.fetch_all(&self.pool).await?)
    }
}
