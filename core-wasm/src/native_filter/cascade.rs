//! Cascading filters (Superset's `cascadeParentIds`): a child filter offers only the values its
//! parents' current selections allow, and the parent links may not form a cycle.
//!
//! | parents by filter | filters in a cycle |
//! | --- | --- |
//! | `B: [A]`, `C: [B]` | none |
//! | `A: [B]`, `B: [A]` | `A`, `B` |
//! | `A: [A]` | `A` |
//! | `A: [B]`, `B: [C]`, `C: [A]`, `D: [A]` | `A`, `B`, `C` (`D` only hangs below the cycle) |

use std::collections::{BTreeMap, BTreeSet};

use quiver_types::ExtraFormData;

use super::merge_extra_form_data;

/// The message of a parent choice that closes a cycle (Superset's text).
pub const CYCLIC_HIERARCHY_MESSAGE: &str = "Cannot create cyclic hierarchy";

/// Whether following the parents of `filter_id` leads back to it (Superset's
/// `hasCircularDependency`). Unknown parents end a path.
pub fn has_cascade_cycle(parents_by_filter: &BTreeMap<String, Vec<String>>, filter_id: &str) -> bool {
    let mut visited: BTreeSet<&str> = BTreeSet::new();
    let mut to_visit: Vec<&str> = parents_of(parents_by_filter, filter_id).collect();
    while let Some(current) = to_visit.pop() {
        if current == filter_id {
            return true;
        }
        if visited.insert(current) {
            to_visit.extend(parents_of(parents_by_filter, current));
        }
    }
    false
}

fn parents_of<'a>(
    parents_by_filter: &'a BTreeMap<String, Vec<String>>,
    filter_id: &str,
) -> impl Iterator<Item = &'a str> {
    parents_by_filter
        .get(filter_id)
        .into_iter()
        .flatten()
        .map(String::as_str)
}

/// The filters whose parent links lead back to themselves, in id order: the configuration
/// modal refuses to save while one is left.
pub fn filters_in_cascade_cycle(parents_by_filter: &BTreeMap<String, Vec<String>>) -> Vec<String> {
    parents_by_filter
        .keys()
        .filter(|filter_id| has_cascade_cycle(parents_by_filter, filter_id))
        .cloned()
        .collect()
}

/// What a child filter's options query applies: the masks of its parents merged, in the order
/// of `cascadeParentIds` (Superset's `getDependencies`). A parent without a mask adds nothing.
pub fn cascade_extra_form_data(
    parent_ids: &[String],
    masks_by_filter: &BTreeMap<String, ExtraFormData>,
) -> ExtraFormData {
    merge_extra_form_data(parent_ids.iter().filter_map(|parent| masks_by_filter.get(parent)))
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;
    use crate::native_filter::select_extra_form_data;

    fn parents(pairs: &[(&str, &[&str])]) -> BTreeMap<String, Vec<String>> {
        pairs
            .iter()
            .map(|(child, parents)| {
                let parents = parents.iter().map(|parent| (*parent).to_owned()).collect();
                ((*child).to_owned(), parents)
            })
            .collect()
    }

    #[test]
    fn a_chain_of_parents_has_no_cycle() {
        let chain = parents(&[("A", &[]), ("B", &["A"]), ("C", &["B", "A"])]);
        assert!(!has_cascade_cycle(&chain, "C"));
        assert_eq!(filters_in_cascade_cycle(&chain), Vec::<String>::new());
        let unknown_parent = parents(&[("B", &["GONE"])]);
        assert!(!has_cascade_cycle(&unknown_parent, "B"));
    }

    #[test]
    fn parents_leading_back_to_a_filter_are_a_cycle() {
        let pair = parents(&[("A", &["B"]), ("B", &["A"])]);
        assert!(has_cascade_cycle(&pair, "A"));
        assert_eq!(filters_in_cascade_cycle(&pair), vec!["A", "B"]);
        let own_parent = parents(&[("A", &["A"])]);
        assert_eq!(filters_in_cascade_cycle(&own_parent), vec!["A"]);
        let below_a_cycle = parents(&[("A", &["B"]), ("B", &["C"]), ("C", &["A"]), ("D", &["A"])]);
        assert_eq!(filters_in_cascade_cycle(&below_a_cycle), vec!["A", "B", "C"]);
        assert!(!has_cascade_cycle(&below_a_cycle, "D"));
        assert_eq!(CYCLIC_HIERARCHY_MESSAGE, "Cannot create cyclic hierarchy");
    }

    #[test]
    fn a_child_applies_the_masks_of_its_parents() {
        let masks = BTreeMap::from([
            (
                "STATE".to_owned(),
                select_extra_form_data("state", &[json!("CA")], false, false),
            ),
            (
                "GENDER".to_owned(),
                select_extra_form_data("gender", &[json!("boy")], false, false),
            ),
        ]);
        let both = cascade_extra_form_data(
            &["STATE".to_owned(), "GENDER".to_owned(), "NONE".to_owned()],
            &masks,
        );
        assert_eq!(
            serde_json::to_value(&both).unwrap(),
            json!({"filters": [
                {"col": "state", "op": "IN", "val": ["CA"]},
                {"col": "gender", "op": "IN", "val": ["boy"]},
            ]})
        );
        assert!(cascade_extra_form_data(&[], &masks).is_empty());
    }
}
