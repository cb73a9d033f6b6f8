//! YAML in and out of bundles (serde-saphyr, decision 0027). Reading refuses documents nested
//! deeper than [`MAX_DEPTH`] before parsing, so a hostile file cannot exhaust the stack, and the
//! parser's own budget bounds aliases ("billion laughs") and node counts.

use serde::de::DeserializeOwned;
use serde::Serialize;

/// The deepest nesting of mappings and sequences a bundle file may have. Superset's files nest
/// about ten levels (a dashboard's native filter scopes).
pub const MAX_DEPTH: usize = 64;

/// Why a file could not be read.
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum YamlError {
    /// The file nests deeper than [`MAX_DEPTH`].
    #[error("The document is nested more than 64 levels deep")]
    TooDeep,
    /// The parser refused the text or the shape did not match.
    #[error("{0}")]
    Invalid(String),
}

/// An upper bound of a YAML or JSON text's nesting: flow brackets outside quoted scalars plus
/// block indentation (each level indents at least one column). Cheap and conservative. A quote
/// opens a quoted scalar only where YAML allows one (after `:`, `[`, `{`, `,`, `-` or at the start
/// of a line), so an apostrophe inside plain text does not hide what follows; quoted scalars may
/// span lines.
pub fn nesting_depth(text: &str) -> usize {
    let mut deepest = 0;
    let mut brackets: usize = 0;
    let mut quote: Option<char> = None;
    for line in text.lines() {
        let indent = line.len() - line.trim_start_matches([' ', '-']).len();
        let mut previous = ' ';
        let mut last_significant: Option<char> = None;
        for character in line.chars() {
            match quote {
                Some('"') if character == '"' && previous != '\\' => quote = None,
                Some('\'') if character == '\'' => quote = None,
                Some(_) => {}
                None => match character {
                    '"' | '\''
                        if matches!(last_significant, None | Some(':' | '[' | '{' | ',' | '-' | '?')) =>
                    {
                        quote = Some(character)
                    }
                    '#' if previous == ' ' => break,
                    '[' | '{' => {
                        brackets += 1;
                        deepest = deepest.max(brackets + indent / 2);
                    }
                    ']' | '}' => brackets = brackets.saturating_sub(1),
                    _ => {}
                },
            }
            previous = character;
            if !character.is_whitespace() {
                last_significant = Some(character);
            }
        }
        deepest = deepest.max(brackets + indent / 2);
    }
    deepest
}

/// Reads one YAML document (or a JSON one, JSON being YAML) into `T`.
pub fn from_yaml<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    if nesting_depth(text) > MAX_DEPTH {
        return Err(YamlError::TooDeep);
    }
    serde_saphyr::from_str(text).map_err(|error| YamlError::Invalid(first_line(&error.to_string())))
}

/// Reads a JSON document into `T` (serde_json limits recursion to 128 levels itself).
pub fn from_json<T: DeserializeOwned>(text: &str) -> Result<T, YamlError> {
    if nesting_depth(text) > MAX_DEPTH {
        return Err(YamlError::TooDeep);
    }
    serde_json::from_str(text).map_err(|error| YamlError::Invalid(error.to_string()))
}

/// Writes a value as YAML.
pub fn to_yaml<T: Serialize>(value: &T) -> Result<String, YamlError> {
    serde_saphyr::to_string(value).map_err(|error| YamlError::Invalid(error.to_string()))
}

fn first_line(text: &str) -> String {
    text.lines()
        .next()
        .unwrap_or_default()
        .chars()
        .take(300)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    #[test]
    fn deep_documents_are_refused_before_parsing() {
        let deep = format!("{}{}", "[".repeat(10_000), "]".repeat(10_000));
        assert_eq!(from_yaml::<Value>(&deep), Err(YamlError::TooDeep));
        assert_eq!(from_json::<Value>(&deep), Err(YamlError::TooDeep));
        let mut block = String::new();
        for level in 0..200 {
            block.push_str(&format!("{}k{level}:\n", "  ".repeat(level)));
        }
        assert_eq!(from_yaml::<Value>(&block), Err(YamlError::TooDeep));
    }

    #[test]
    fn brackets_inside_quotes_do_not_count() {
        let text = format!("sql: '{}'\n", "[".repeat(500));
        assert!(nesting_depth(&text) < 3);
        let value: Value = from_yaml(&text).unwrap();
        assert_eq!(value["sql"].as_str().unwrap().len(), 500);
    }

    #[test]
    fn quoted_scalars_over_lines_and_apostrophes() {
        let text = "a: '{\"x\":[1,\n  {\"y\": 2}]}'\nb: don't [stop]\nc: {d: [1]}\n";
        assert_eq!(nesting_depth(text), 2);
    }

    #[test]
    fn values_round_trip() {
        let value = serde_json::json!({"a": [1, 2, {"b": null}], "c": "x: y", "d": true});
        let text = to_yaml(&value).unwrap();
        assert_eq!(from_yaml::<Value>(&text).unwrap(), value);
    }

    #[test]
    fn alias_bombs_are_refused() {
        let mut text = String::from("a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n");
        for level in 1..12 {
            let previous = level - 1;
            text.push_str(&format!(
                "a{level}: &a{level} [*a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}, *a{previous}]\n"
            ));
        }
        assert!(from_yaml::<Value>(&text).is_err());
    }
}
