//! Rust values ↔ plain JavaScript values, through serde-wasm-bindgen.

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
