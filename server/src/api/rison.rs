//! Rison, the compact JSON of Superset's `?q=` parameters: `(page:0,filters:!((col:name,opr:ct,value:'a b')))`.
//! Parsed into `serde_json::Value`; malformed input gives a message that says where.

use serde_json::{Map, Number, Value};

/// A parse failure with its position.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("Not a valid rison argument: {message} at position {position}")]
pub struct RisonError {
    pub message: String,
    pub position: usize,
}

/// Characters that cannot appear in a bare identifier.
const NOT_ID_CHARS: &str = " '!:(),*@$";

struct Parser<'a> {
    text: &'a [u8],
    source: &'a str,
    position: usize,
}

impl Parser<'_> {
    fn error<T>(&self, message: impl Into<String>) -> Result<T, RisonError> {
        Err(RisonError {
            message: message.into(),
            position: self.position,
        })
    }

    fn peek(&self) -> Option<u8> {
        self.text.get(self.position).copied()
    }

    fn expect(&mut self, byte: u8) -> Result<(), RisonError> {
        if self.peek() == Some(byte) {
            self.position += 1;
            Ok(())
        } else {
            self.error(format!("expected '{}'", byte as char))
        }
    }

    fn value(&mut self) -> Result<Value, RisonError> {
        match self.peek() {
            None => self.error("unexpected end of input"),
            Some(b'(') => self.object(),
            Some(b'\'') => self.string().map(Value::String),
            Some(b'!') => {
                self.position += 1;
                match self.peek() {
                    Some(b't') => {
                        self.position += 1;
                        Ok(Value::Bool(true))
                    }
                    Some(b'f') => {
                        self.position += 1;
                        Ok(Value::Bool(false))
                    }
                    Some(b'n') => {
                        self.position += 1;
                        Ok(Value::Null)
                    }
                    Some(b'(') => self.array(),
                    _ => self.error("unknown literal after '!'"),
                }
            }
            Some(byte) if byte == b'-' || byte.is_ascii_digit() => self.number(),
            Some(_) => self.identifier().map(Value::String),
        }
    }

    fn object(&mut self) -> Result<Value, RisonError> {
        self.expect(b'(')?;
        let mut map = Map::new();
        if self.peek() == Some(b')') {
            self.position += 1;
            return Ok(Value::Object(map));
        }
        loop {
            let key = match self.peek() {
                Some(b'\'') => self.string()?,
                _ => self.identifier()?,
            };
            self.expect(b':')?;
            let value = self.value()?;
            map.insert(key, value);
            match self.peek() {
                Some(b',') => self.position += 1,
                Some(b')') => {
                    self.position += 1;
                    return Ok(Value::Object(map));
                }
                _ => return self.error("expected ',' or ')' in object"),
            }
        }
    }

    fn array(&mut self) -> Result<Value, RisonError> {
        self.expect(b'(')?;
        let mut items = Vec::new();
        if self.peek() == Some(b')') {
            self.position += 1;
            return Ok(Value::Array(items));
        }
        loop {
            items.push(self.value()?);
            match self.peek() {
                Some(b',') => self.position += 1,
                Some(b')') => {
                    self.position += 1;
                    return Ok(Value::Array(items));
                }
                _ => return self.error("expected ',' or ')' in array"),
            }
        }
    }

    fn string(&mut self) -> Result<String, RisonError> {
        self.expect(b'\'')?;
        let mut out = String::new();
        let start = self.position;
        let mut segment_start = start;
        loop {
            match self.peek() {
                None => return self.error("unterminated string"),
                Some(b'\'') => {
                    out.push_str(&self.source[segment_start..self.position]);
                    self.position += 1;
                    return Ok(out);
                }
                Some(b'!') => {
                    out.push_str(&self.source[segment_start..self.position]);
                    self.position += 1;
                    match self.peek() {
                        Some(b'!') => out.push('!'),
                        Some(b'\'') => out.push('\''),
                        _ => return self.error("invalid string escape"),
                    }
                    self.position += 1;
                    segment_start = self.position;
                }
                Some(_) => self.position += 1,
            }
        }
    }

    fn identifier(&mut self) -> Result<String, RisonError> {
        let start = self.position;
        while let Some(byte) = self.peek() {
            if NOT_ID_CHARS.as_bytes().contains(&byte) {
                break;
            }
            self.position += 1;
        }
        if self.position == start {
            return self.error("expected a value");
        }
        Ok(self.source[start..self.position].to_owned())
    }

    fn number(&mut self) -> Result<Value, RisonError> {
        let start = self.position;
        if self.peek() == Some(b'-') {
            self.position += 1;
        }
        while let Some(byte) = self.peek() {
            if byte.is_ascii_digit()
                || byte == b'.'
                || byte == b'e'
                || byte == b'E'
                || byte == b'+'
                || byte == b'-'
            {
                self.position += 1;
            } else {
                break;
            }
        }
        let text = &self.source[start..self.position];
        if let Ok(integer) = text.parse::<i64>() {
            return Ok(Value::Number(integer.into()));
        }
        match text.parse::<f64>().ok().and_then(Number::from_f64) {
            Some(number) => Ok(Value::Number(number)),
            None => Err(RisonError {
                message: format!("invalid number '{text}'"),
                position: start,
            }),
        }
    }
}

/// Parses one rison value; the whole input must be consumed.
pub fn parse_rison(input: &str) -> Result<Value, RisonError> {
    let mut parser = Parser {
        text: input.as_bytes(),
        source: input,
        position: 0,
    };
    let value = parser.value()?;
    if parser.position != input.len() {
        return parser.error("unexpected text after the value");
    }
    Ok(value)
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn parses_superset_list_queries() {
        let value =
            parse_rison("(filters:!((col:table_name,opr:eq,value:birth_names)),order_column:changed_on_delta_humanized,order_direction:desc,page:0,page_size:25)")
                .unwrap();
        assert_eq!(
            value,
            json!({
                "filters": [{"col": "table_name", "opr": "eq", "value": "birth_names"}],
                "order_column": "changed_on_delta_humanized",
                "order_direction": "desc",
                "page": 0,
                "page_size": 25
            })
        );
    }

    #[test]
    fn parses_literals_strings_and_numbers() {
        assert_eq!(
            parse_rison("!(!t,!f,!n,-1.5,1e3,'it!'s','a!!b',())").unwrap(),
            json!([true, false, null, -1.5, 1000.0, "it's", "a!b", {}])
        );
        assert_eq!(
            parse_rison("(keys:!(permissions))").unwrap(),
            json!({"keys": ["permissions"]})
        );
        assert_eq!(parse_rison("'with space'").unwrap(), json!("with space"));
    }

    #[test]
    fn malformed_input_says_where() {
        for bad in ["(a:1", "(a 1)", "!(1,2", "'open", "(a:!x)", "(a:1))", "", "!(,)"] {
            assert!(parse_rison(bad).is_err(), "accepted {bad:?}");
        }
        assert_eq!(parse_rison("(a:1").unwrap_err().position, 4);
    }
}
