//! Rust values ↔ plain JavaScript values, through serde-wasm-bindgen.

use quiver_types::{ChartFormData, FormData};
use serde::de::DeserializeOwned;
use serde::Serialize;
use wasm_bindgen::JsValue;

use crate::error::{CoreError, CoreResult};

/// A JS value read as `T`; a value of the wrong shape is `InvalidInput`.
pub fn from_js<T: DeserializeOwned>(value: JsValue) -> CoreResult<T> {
    serde_wasm_bindgen::from_value(value).map_err(|error| CoreError::InvalidInput {
        message: error.to_string(),
    })
}

/// `value` as a plain JS value: objects rather than `Map`s, numbers rather than `BigInt`s.
pub fn to_js<T: Serialize>(value: &T) -> CoreResult<JsValue> {
    value
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .map_err(|error| CoreError::Internal {
            message: error.to_string(),
        })
}

/// A chart's form data from JS: read as the typed [`ChartFormData`] (every spec field checked for
/// its shape, the other controls kept), then handed to the core as its open [`FormData`]. A spec
/// field of the wrong shape is `InvalidInput`.
pub fn form_data_from_js(value: JsValue) -> CoreResult<FormData> {
    let typed: ChartFormData = from_js(value)?;
    typed.into_form_data().map_err(|error| CoreError::InvalidInput {
        message: error.to_string(),
    })
}
