//! A thrown JS `Error` for the modules whose errors are not a `CoreError` (layout,
//! re-aggregation): the error's text as `message`, its stable name as `name`, and extra string
//! or boolean properties.

use js_sys::{Error, Reflect};
use wasm_bindgen::JsValue;

/// A JS `Error` named `name` with `message` and the given properties.
pub fn named_js_error(name: &str, message: &str, properties: &[(&str, JsValue)]) -> JsValue {
    let js_error = Error::new(message);
    js_error.set_name(name);
    for (key, value) in properties {
        // Setting a property on a fresh Error object cannot fail; if it did, the error would
        // still carry its name and message.
        let _ = Reflect::set(&js_error, &JsValue::from_str(key), value);
    }
    js_error.into()
}
