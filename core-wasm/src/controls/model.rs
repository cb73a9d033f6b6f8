//! The shape of a control panel: sections of controls, each control with its type, label,
//! default, choices, validators and visibility condition.
//!
//! Serialized for the web client in Superset's names (`freeForm`, `renderTrigger`) and with
//! choices as Superset's `[value, label]` pairs, so the explore page can render a panel without
//! knowing any chart.

use serde::Serialize;
use serde_json::Value;

use crate::form_data::ControlValues;

/// One chart's control panel: its sections in display order.
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    derive(ts_rs::TS),
    ts(export, rename = "ControlPanelDefinition")
)]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ControlPanel {
    pub viz_type: &'static str,
    pub sections: Vec<ControlSection>,
}

impl ControlPanel {
    /// Every control of the panel, section by section.
    pub fn controls(&self) -> impl Iterator<Item = &Control> {
        self.sections.iter().flat_map(|section| section.controls.iter())
    }

    /// The control named `name` (a form data key), if the panel has it.
    pub fn control(&self, name: &str) -> Option<&Control> {
        self.controls().find(|control| control.name == name)
    }
}

/// Which explore tab a section is shown on.
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    derive(ts_rs::TS),
    ts(export, rename = "PanelTab")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub enum PanelTab {
    /// "Data": what is queried.
    Data,
    /// "Customize": how the result is drawn.
    Customize,
}

/// A titled group of controls ("Query", "Advanced analytics", "Chart Options", ...).
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    derive(ts_rs::TS),
    ts(export, rename = "ControlSectionDefinition")
)]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct ControlSection {
    pub label: &'static str,
    pub tab: PanelTab,
    pub expanded: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional))]
    pub description: Option<&'static str>,
    pub controls: Vec<Control>,
}

impl ControlSection {
    pub fn data(label: &'static str, controls: Vec<Control>) -> Self {
        ControlSection {
            label,
            tab: PanelTab::Data,
            expanded: true,
            description: None,
            controls,
        }
    }

    pub fn customize(label: &'static str, controls: Vec<Control>) -> Self {
        ControlSection {
            tab: PanelTab::Customize,
            ..ControlSection::data(label, controls)
        }
    }

    pub fn collapsed(self) -> Self {
        ControlSection {
            expanded: false,
            ..self
        }
    }

    pub fn described(self, description: &'static str) -> Self {
        ControlSection {
            description: Some(description),
            ..self
        }
    }
}

/// What kind of input a control is, and so what its value looks like.
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    derive(ts_rs::TS),
    ts(export, rename = "ControlType")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ControlType {
    /// A list of metrics (saved metric names or adhoc metrics).
    Metrics,
    /// One metric.
    Metric,
    /// A list of dimensions (column names or adhoc columns) to group by.
    Groupby,
    /// A list of columns shown as they are (the table's raw mode).
    Columns,
    /// One column (`x_axis`, `entity`, `series`, the histogram's `column`).
    Column,
    /// `adhoc_filters`: SIMPLE and SQL filters.
    AdhocFilters,
    /// A list of ordering options (`[column, ascending]` as JSON text).
    Orderby,
    /// A choice among `choices`; `freeForm` allows other values.
    Select,
    Checkbox,
    /// A number typed in a text box.
    Number,
    Text,
    TextArea,
    Slider,
    /// `[min, max]`, either of which may be empty.
    Bounds,
    /// A categorical colour scheme name.
    ColorScheme,
    /// A sequential (linear) colour scheme name.
    LinearColorScheme,
    /// An `{r, g, b, a}` colour.
    ColorPicker,
    /// `time_range`: `"No filter"`, `"Last week"`, `"2024-01-01 : now"`, ...
    TimeRange,
    AnnotationLayers,
    /// `{symbol, symbolPosition}`.
    Currency,
    /// Per-column display settings of the table.
    ColumnConfig,
    /// Conditional formatting rules of the table.
    ConditionalFormatting,
}

/// A choice of a select: Superset's `[value, label]` pair.
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    derive(ts_rs::TS),
    ts(export, rename = "ControlChoice")
)]
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Choice(pub Value, pub &'static str);

/// A check run on a control's value; the message is the spec's text.
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    derive(ts_rs::TS),
    ts(export, rename = "ControlValidator")
)]
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum Validator {
    /// "cannot be empty": null, `""`, `[]` and `{}` are refused.
    NonEmpty,
    /// "is expected to be an integer".
    Integer,
    /// "is expected to be a number".
    Number,
    /// "Value cannot exceed {maximum}".
    MaxValue {
        #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(type = "number"))]
        maximum: i64,
    },
}

/// When a control is shown. Absent means always.
///
/// "Set" follows JavaScript's `Boolean(value)` as Superset's visibility functions do (null,
/// `false`, `0` and `""` are unset) and also treats `[]` as unset.
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    derive(ts_rs::TS),
    ts(export, rename = "ControlVisibility")
)]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(tag = "when", rename_all = "camelCase")]
pub enum Visibility {
    /// Shown when `control` is set.
    IsSet { control: &'static str },
    /// Shown when `control` is not set.
    IsNotSet { control: &'static str },
    /// Shown when `control` holds one of `values`.
    IsOneOf {
        control: &'static str,
        values: Vec<Value>,
    },
    /// Shown when `control` holds none of `values` (an unset control holds none).
    IsNoneOf {
        control: &'static str,
        values: Vec<Value>,
    },
    /// Shown when every condition holds.
    All { conditions: Vec<Visibility> },
}

impl Visibility {
    pub fn is_set(control: &'static str) -> Self {
        Visibility::IsSet { control }
    }

    pub fn is_not_set(control: &'static str) -> Self {
        Visibility::IsNotSet { control }
    }

    pub fn is_one_of(control: &'static str, values: &[Value]) -> Self {
        Visibility::IsOneOf {
            control,
            values: values.to_vec(),
        }
    }

    pub fn is_none_of(control: &'static str, values: &[Value]) -> Self {
        Visibility::IsNoneOf {
            control,
            values: values.to_vec(),
        }
    }

    pub fn all(conditions: Vec<Visibility>) -> Self {
        Visibility::All { conditions }
    }

    /// Whether the condition holds for a form data's controls. Example: `rolling_periods` is
    /// shown for `rolling_type: "mean"` and hidden for `null` or `"cumsum"`.
    pub fn is_met(&self, controls: &ControlValues<'_>) -> bool {
        match self {
            Visibility::IsSet { control } => controls.value(control).is_some_and(is_truthy),
            Visibility::IsNotSet { control } => !controls.value(control).is_some_and(is_truthy),
            Visibility::IsOneOf { control, values } => controls
                .value(control)
                .is_some_and(|value| values.contains(value)),
            Visibility::IsNoneOf { control, values } => !controls
                .value(control)
                .is_some_and(|value| values.contains(value)),
            Visibility::All { conditions } => conditions.iter().all(|condition| condition.is_met(controls)),
        }
    }
}

/// JavaScript's `Boolean(value)`, with `[]` also false.
fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(flag) => *flag,
        Value::Number(number) => number.as_f64().is_some_and(|number| number != 0.0),
        Value::String(text) => !text.is_empty(),
        Value::Array(items) => !items.is_empty(),
        Value::Object(_) => true,
    }
}

/// One control of a panel. `name` is the form data key it writes.
#[cfg_attr(
    all(test, not(target_arch = "wasm32")),
    derive(ts_rs::TS),
    ts(export, rename = "ControlDefinition")
)]
#[derive(Debug, Clone, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Control {
    pub name: &'static str,
    #[serde(rename = "type")]
    pub control_type: ControlType,
    pub label: &'static str,
    #[serde(skip_serializing_if = "str::is_empty")]
    #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(as = "Option<String>", optional))]
    pub description: &'static str,
    /// The value a new chart starts with; `null` when the control starts empty.
    pub default: Value,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(as = "Option<Vec<Choice>>", optional)
    )]
    pub choices: Vec<Choice>,
    /// A select that accepts values outside its choices.
    pub free_form: bool,
    /// A select or column picker holding a list.
    pub multi: bool,
    pub clearable: bool,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(
        all(test, not(target_arch = "wasm32")),
        ts(as = "Option<Vec<Validator>>", optional)
    )]
    pub validators: Vec<Validator>,
    /// Changing the control redraws the chart without a new query.
    pub render_trigger: bool,
    #[serde(skip_serializing_if = "Option::is_none")]
    #[cfg_attr(all(test, not(target_arch = "wasm32")), ts(optional))]
    pub visibility: Option<Visibility>,
}

impl Control {
    pub fn new(name: &'static str, control_type: ControlType, label: &'static str) -> Self {
        let multi = matches!(
            control_type,
            ControlType::Metrics | ControlType::Groupby | ControlType::Columns | ControlType::AdhocFilters
        );
        Control {
            name,
            control_type,
            label,
            description: "",
            default: Value::Null,
            choices: Vec::new(),
            free_form: false,
            multi,
            clearable: true,
            validators: Vec::new(),
            render_trigger: false,
            visibility: None,
        }
    }

    /// A checkbox that only changes the drawing.
    pub fn checkbox(name: &'static str, label: &'static str, default: bool) -> Self {
        Control::new(name, ControlType::Checkbox, label)
            .default(Value::Bool(default))
            .render_trigger()
    }

    /// A select among fixed choices.
    pub fn select(name: &'static str, label: &'static str, choices: Vec<Choice>) -> Self {
        Control {
            choices,
            ..Control::new(name, ControlType::Select, label)
        }
    }

    pub fn description(self, description: &'static str) -> Self {
        Control { description, ..self }
    }

    pub fn default(self, default: Value) -> Self {
        Control { default, ..self }
    }

    pub fn free_form(self) -> Self {
        Control {
            free_form: true,
            ..self
        }
    }

    pub fn multi(self, multi: bool) -> Self {
        Control { multi, ..self }
    }

    pub fn not_clearable(self) -> Self {
        Control {
            clearable: false,
            ..self
        }
    }

    pub fn validators(self, validators: &[Validator]) -> Self {
        Control {
            validators: validators.to_vec(),
            ..self
        }
    }

    /// Adds "cannot be empty" to the validators.
    pub fn required(mut self) -> Self {
        if !self.validators.contains(&Validator::NonEmpty) {
            self.validators.insert(0, Validator::NonEmpty);
        }
        self
    }

    pub fn render_trigger(self) -> Self {
        Control {
            render_trigger: true,
            ..self
        }
    }

    pub fn visible_when(self, visibility: Visibility) -> Self {
        Control {
            visibility: Some(visibility),
            ..self
        }
    }

    pub fn labelled(self, label: &'static str) -> Self {
        Control { label, ..self }
    }

    /// A select whose value must be one of its choices: [`prune_form_data`] drops others.
    ///
    /// [`prune_form_data`]: crate::controls::prune_form_data
    pub fn is_closed_select(&self) -> bool {
        self.control_type == ControlType::Select && !self.free_form && !self.choices.is_empty()
    }

    /// Whether the choices hold `value`.
    pub fn has_choice(&self, value: &Value) -> bool {
        self.choices.iter().any(|Choice(choice, _)| choice == value)
    }
}

#[cfg(test)]
mod tests {
    use quiver_types::FormData;
    use serde_json::json;

    use super::*;

    fn controls_of(form_data: &FormData) -> ControlValues<'_> {
        ControlValues::new(form_data)
    }

    #[test]
    fn visibility_follows_javascript_truthiness() {
        let rolling_periods = Visibility::all(vec![
            Visibility::is_set("rolling_type"),
            Visibility::is_none_of("rolling_type", &[json!("cumsum")]),
        ]);
        let cases = [
            (json!({"rolling_type": "mean"}), true),
            (json!({"rolling_type": "cumsum"}), false),
            (json!({"rolling_type": null}), false),
            (json!({}), false),
        ];
        for (form_data, expected) in cases {
            let form_data: FormData = serde_json::from_value(form_data.clone()).unwrap();
            assert_eq!(
                rolling_periods.is_met(&controls_of(&form_data)),
                expected,
                "{form_data:?}"
            );
        }
        let empty_list: FormData = serde_json::from_value(json!({"time_compare": []})).unwrap();
        assert!(!Visibility::is_set("time_compare").is_met(&controls_of(&empty_list)));
        assert!(Visibility::is_not_set("time_compare").is_met(&controls_of(&empty_list)));
    }

    #[test]
    fn a_control_serializes_in_superset_names() {
        let control = Control::select(
            "comparison_type",
            "Calculation type",
            vec![Choice(json!("values"), "Actual values")],
        )
        .default(json!("values"))
        .render_trigger();
        assert_eq!(
            serde_json::to_value(&control).unwrap(),
            json!({
                "name": "comparison_type", "type": "select", "label": "Calculation type",
                "default": "values", "choices": [["values", "Actual values"]], "freeForm": false,
                "multi": false, "clearable": true, "renderTrigger": true,
            })
        );
    }
}
