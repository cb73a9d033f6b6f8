//! Order-by options of form data (`order_by_cols`, `orderby`).

use quiver_types::OrderByTerm;
use serde_json::Value;

use crate::error::{CoreError, CoreResult};

/// The spec's message for an order-by option that cannot be parsed.
pub const INVALID_ORDERBY: &str = "Found invalid orderby options";

/// One order-by option: a `[metric or column, ascending]` pair, or that pair as a JSON string
/// (`order_by_cols` stores `'["num", false]'`, the choice's value). Anything else is
/// "Found invalid orderby options", reported on `control`.
pub fn parse_orderby_option(control: &str, option: &Value) -> CoreResult<OrderByTerm> {
    let invalid = || CoreError::invalid_control(control, INVALID_ORDERBY);
    match option {
        Value::String(text) => serde_json::from_str(text).map_err(|_| invalid()),
        Value::Array(_) => serde_json::from_value(option.clone()).map_err(|_| invalid()),
        _ => Err(invalid()),
    }
}

#[cfg(test)]
mod tests {
    use quiver_types::MetricRef;
    use serde_json::json;

    use super::*;

    #[test]
    fn json_strings_and_pairs_parse() {
        let expected = OrderByTerm(MetricRef::Saved("num".to_owned()), false);
        assert_eq!(
            parse_orderby_option("order_by_cols", &json!("[\"num\", false]")).unwrap(),
            expected
        );
        assert_eq!(
            parse_orderby_option("order_by_cols", &json!(["num", false])).unwrap(),
            expected
        );
    }

    #[test]
    fn anything_else_is_an_invalid_orderby_option() {
        for option in [
            json!("num"),
            json!("[\"num\""),
            json!(["num"]),
            json!(["num", "asc"]),
            json!(3),
        ] {
            let error = parse_orderby_option("order_by_cols", &option).unwrap_err();
            assert_eq!(
                error,
                CoreError::invalid_control("order_by_cols", INVALID_ORDERBY),
                "{option}"
            );
        }
    }
}
