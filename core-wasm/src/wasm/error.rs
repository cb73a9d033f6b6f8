//! `CoreError` → a thrown JS `Error` with a stable `name` and the control it is about.

use js_sys::{Error, Reflect};
use wasm_bindgen::JsValue;

use crate::error::CoreError;

/// A JS `Error` with the error's text as `message`, [`CoreError::name`] as `name`, and a
/// `control` property when the error is about a form data control.
pub fn to_js_error(error: CoreError) -> JsValue {
    let js_error = Error::new(&error.to_string());
    js_error.set_name(error.name());
    if let Some(control) = error.control() {
        // Setting a property on a fresh Error object cannot fail; if it did, the error
        // would still carry its name and message.
        let _ = Reflect::set(
            &js_error,
            &JsValue::from_str("control"),
            &JsValue::from_str(control),
        );
    }
    js_error.into()
}
