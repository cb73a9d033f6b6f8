//! Jinja templates in SQL Lab (spec 002 section 7): `{{ ... }}` and `{% ... %}` in the SQL are
//! rendered with the run's template parameters, the current user and the request's URL
//! parameters before the guard sees the statements, as Superset's template processing does.
//!
//! | in the SQL | gives |
//! | --- | --- |
//! | `{{ name }}` | the `templateParams` value `name` |
//! | `{{ current_username() }}`, `current_user_id()`, `current_user_email()` | the user running the query |
//! | `{{ url_param('country', 'FR') }}` | the page's `?country=` value (quotes doubled), else the default |
//! | a name no parameter, `set` or loop defines | "Parameter error" naming it |
//! | a syntax error | "The query contains one or more malformed template parameters." |
//!
//! minijinja has no file system or network access; fuel bounds the work of one render, so a
//! template cannot loop forever. The rendered SQL then goes through the guard like typed SQL.

use std::collections::BTreeMap;

use minijinja::syntax::SyntaxConfig;
use minijinja::{Environment, UndefinedBehavior};
use serde_json::{Map, Value};

use crate::auth::AuthUser;

/// Instructions a render may execute before it is stopped ("out of fuel").
const RENDER_FUEL: u64 = 200_000;

/// Names a template may call without defining them.
const FUNCTIONS: [&str; 4] = [
    "current_username",
    "current_user_id",
    "current_user_email",
    "url_param",
];

/// What a template is rendered with.
pub struct TemplateContext<'a> {
    /// `templateParams`: a JSON object as text, or nothing.
    pub params: Option<&'a str>,
    pub user: &'a AuthUser,
    /// The query string of the execute request (the SQL Lab page's URL parameters).
    pub url_params: &'a BTreeMap<String, String>,
}

/// Why SQL could not be rendered.
#[derive(Debug, thiserror::Error, PartialEq)]
pub enum TemplateError {
    /// `templateParams` is not a JSON object.
    #[error("Template parameters must be a JSON object")]
    InvalidParams,
    /// Names the SQL reads that no parameter, function, `set` or loop defines.
    #[error("undefined template parameters: {names:?}")]
    Undefined {
        names: Vec<String>,
        params: Map<String, Value>,
    },
    /// The template does not parse, or failed while rendering.
    #[error("malformed template: {detail}")]
    Malformed {
        detail: String,
        params: Map<String, Value>,
    },
}

/// Whether the SQL holds template syntax at all; SQL without it is run exactly as typed.
fn has_template_syntax(sql: &str) -> bool {
    sql.contains("{{") || sql.contains("{%") || sql.contains("{#")
}

fn parse_params(params: Option<&str>) -> Result<Map<String, Value>, TemplateError> {
    match params.map(str::trim) {
        None | Some("") => Ok(Map::new()),
        Some(text) => match serde_json::from_str::<Value>(text) {
            Ok(Value::Object(map)) => Ok(map),
            Ok(Value::Null) => Ok(Map::new()),
            _ => Err(TemplateError::InvalidParams),
        },
    }
}

/// A URL parameter as SQL text: single quotes doubled, as Superset's `url_param` escapes them.
fn escaped(value: &str) -> String {
    value.replace('\'', "''")
}

fn environment(context: &TemplateContext<'_>) -> Environment<'static> {
    let mut env = Environment::new();
    env.set_undefined_behavior(UndefinedBehavior::Strict);
    if let Ok(syntax) = SyntaxConfig::builder().keep_trailing_newline(true).build() {
        env.set_syntax(syntax);
    }
    env.set_fuel(Some(RENDER_FUEL));
    let username = context.user.username.clone();
    env.add_function("current_username", move || username.clone());
    let user_id = context.user.id;
    env.add_function("current_user_id", move || user_id);
    let email = context.user.email.clone();
    env.add_function("current_user_email", move || email.clone());
    let url_params = context.url_params.clone();
    env.add_function(
        "url_param",
        move |name: String, default: Option<String>| -> Option<String> {
            url_params.get(&name).map(|value| escaped(value)).or(default)
        },
    );
    env
}

/// The SQL with its template rendered; SQL without template syntax comes back unchanged.
pub fn render_sql(sql: &str, context: &TemplateContext<'_>) -> Result<String, TemplateError> {
    let params = parse_params(context.params)?;
    if !has_template_syntax(sql) {
        return Ok(sql.to_owned());
    }
    let env = environment(context);
    let malformed = |error: minijinja::Error, params: &Map<String, Value>| TemplateError::Malformed {
        detail: error.to_string(),
        params: params.clone(),
    };
    let template = env
        .template_from_str(sql)
        .map_err(|error| malformed(error, &params))?;
    let mut undefined: Vec<String> = template
        .undeclared_variables(false)
        .into_iter()
        .filter(|name| {
            !params.contains_key(name)
                && !FUNCTIONS.contains(&name.as_str())
                && env.globals().all(|(global, _)| global != name.as_str())
        })
        .collect();
    if !undefined.is_empty() {
        undefined.sort();
        return Err(TemplateError::Undefined {
            names: undefined,
            params,
        });
    }
    template
        .render(minijinja::value::Serde(&params))
        .map_err(|error| malformed(error, &params))
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;

    fn user() -> AuthUser {
        AuthUser {
            id: 7,
            username: "ana".to_owned(),
            first_name: "Ana".to_owned(),
            last_name: "Lima".to_owned(),
            email: "ana@example.com".to_owned(),
            roles: vec!["Alpha".to_owned()],
            permissions: BTreeSet::new(),
        }
    }

    fn render(sql: &str, params: Option<&str>, url: &[(&str, &str)]) -> Result<String, TemplateError> {
        let user = user();
        let url_params: BTreeMap<String, String> = url
            .iter()
            .map(|(name, value)| ((*name).to_owned(), (*value).to_owned()))
            .collect();
        render_sql(
            sql,
            &TemplateContext {
                params,
                user: &user,
                url_params: &url_params,
            },
        )
    }

    #[test]
    fn parameters_the_user_and_url_parameters_are_rendered() {
        assert_eq!(
            render(
                "SELECT * FROM t WHERE state = '{{ state }}' AND n > {{ minimum }} -- {{ current_username() }} {{ current_user_id() }}",
                Some(r#"{"state": "CA", "minimum": 10}"#),
                &[],
            )
            .unwrap(),
            "SELECT * FROM t WHERE state = 'CA' AND n > 10 -- ana 7"
        );
        assert_eq!(
            render(
                "SELECT '{{ url_param('country') }}', '{{ url_param('city', 'Lyon') }}'",
                None,
                &[("country", "Côte d'Ivoire")]
            )
            .unwrap(),
            "SELECT 'Côte d''Ivoire', 'Lyon'"
        );
        assert_eq!(
            render(
                "SELECT 1 {% for year in years %}UNION ALL SELECT {{ year }} {% endfor %}{% set x = 3 %}, {{ x }}",
                Some(r#"{"years": [2000, 2001]}"#),
                &[],
            )
            .unwrap(),
            "SELECT 1 UNION ALL SELECT 2000 UNION ALL SELECT 2001 , 3"
        );
        assert_eq!(
            render("SELECT '{{ current_user_email() }}'", None, &[]).unwrap(),
            "SELECT 'ana@example.com'"
        );
    }

    #[test]
    fn sql_without_template_syntax_is_left_as_typed() {
        let sql = "SELECT '{' || '}' AS braces, json '{\"a\": 1}'\n";
        assert_eq!(render(sql, None, &[]).unwrap(), sql);
        assert_eq!(render(sql, Some("  "), &[]).unwrap(), sql);
    }

    #[test]
    fn undefined_names_are_listed_sorted_with_the_parameters_given() {
        let error = render(
            "SELECT {{ stat }}, {{ yera }}, {{ state }}",
            Some(r#"{"state": "CA", "year": 2000}"#),
            &[],
        )
        .unwrap_err();
        let TemplateError::Undefined { names, params } = error else {
            panic!("expected undefined parameters, got {error:?}");
        };
        assert_eq!(names, ["stat", "yera"]);
        assert_eq!(
            Value::Object(params),
            serde_json::json!({"state": "CA", "year": 2000})
        );
    }

    #[test]
    fn bad_parameters_and_malformed_templates_are_refused() {
        assert_eq!(
            render("SELECT 1", Some("[1, 2]"), &[]),
            Err(TemplateError::InvalidParams)
        );
        assert_eq!(
            render("SELECT 1", Some("{oops"), &[]),
            Err(TemplateError::InvalidParams)
        );
        assert!(matches!(
            render("SELECT {{ state ", Some(r#"{"state": 1}"#), &[]),
            Err(TemplateError::Malformed { .. })
        ));
        assert!(matches!(
            render("SELECT {{ state.missing }}", Some(r#"{"state": {"a": 1}}"#), &[]),
            Err(TemplateError::Malformed { .. })
        ));
    }

    #[test]
    fn a_render_that_never_ends_runs_out_of_fuel() {
        let error = render(
            "{% for a in range(10000) %}{% for b in range(10000) %}x{% endfor %}{% endfor %}",
            None,
            &[],
        )
        .unwrap_err();
        let TemplateError::Malformed { detail, .. } = error else {
            panic!("expected the render to stop, got {error:?}");
        };
        assert!(detail.contains("fuel"), "{detail}");
    }
}
