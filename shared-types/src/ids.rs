//! Numeric ids of stored objects (serde newtypes, so JSON carries the bare number), so TypeScript sees `number`
//! (ts-rs would map i64 to bigint otherwise).

use serde::{Deserialize, Serialize};
use ts_rs::TS;

macro_rules! numeric_id {
    ($($(#[$doc:meta])* $name:ident),* $(,)?) => {$(
        $(#[$doc])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, TS)]
        #[ts(export, type = "number")]
        pub struct $name(pub i64);

        impl std::fmt::Display for $name {
            fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
                self.0.fmt(f)
            }
        }
    )*};
}

numeric_id!(
    /// A chart (slice).
    ChartId,
    /// A dashboard.
    DashboardId,
    /// A dataset (a table or a virtual SQL dataset).
    DatasetId,
    /// An analytics database connection.
    DatabaseId,
    /// A user account.
    UserId,
    /// A role.
    RoleId,
);
