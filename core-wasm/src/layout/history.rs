//! Undo and redo of layout changes, as Superset keeps them with redux-undo: at most
//! [`UNDO_HISTORY_LIMIT`] states (52, spec 001 §4), the oldest dropped first. Saving clears the
//! history.

use std::collections::VecDeque;

use super::DashboardLayout;

/// Superset's `UNDO_LIMIT`: the undo slots a user is told about.
pub const UNDO_LIMIT: usize = 50;

/// The history's length limit, `UNDO_LIMIT + 2` (redux-undo keeps `limit - 1` past states, and
/// one more lets the editor notice the slots are used up).
pub const UNDO_HISTORY_LIMIT: usize = UNDO_LIMIT + 2;

/// The past, present and future layouts of an editing session.
#[derive(Debug, Clone, PartialEq)]
pub struct LayoutHistory {
    past: VecDeque<DashboardLayout>,
    present: DashboardLayout,
    future: Vec<DashboardLayout>,
}

impl LayoutHistory {
    /// A history at `present` with nothing to undo (the layout as loaded).
    pub fn new(present: DashboardLayout) -> Self {
        LayoutHistory {
            past: VecDeque::new(),
            present,
            future: Vec::new(),
        }
    }

    pub fn present(&self) -> &DashboardLayout {
        &self.present
    }

    /// Records a change: `layout` becomes the present, the redo states are dropped. A layout
    /// equal to the present records nothing.
    pub fn push(&mut self, layout: DashboardLayout) {
        if layout == self.present {
            return;
        }
        if self.past.len() + 1 >= UNDO_HISTORY_LIMIT {
            self.past.pop_front();
        }
        let previous = std::mem::replace(&mut self.present, layout);
        self.past.push_back(previous);
        self.future.clear();
    }

    /// Goes back one change; `false` when there is nothing to undo.
    pub fn undo(&mut self) -> bool {
        let Some(previous) = self.past.pop_back() else {
            return false;
        };
        let current = std::mem::replace(&mut self.present, previous);
        self.future.push(current);
        true
    }

    /// Goes forward one undone change; `false` when there is nothing to redo.
    pub fn redo(&mut self) -> bool {
        let Some(next) = self.future.pop() else {
            return false;
        };
        let current = std::mem::replace(&mut self.present, next);
        self.past.push_back(current);
        true
    }

    /// How many changes can be undone.
    pub fn undo_length(&self) -> usize {
        self.past.len()
    }

    /// How many undone changes can be redone.
    pub fn redo_length(&self) -> usize {
        self.future.len()
    }

    /// Whether every undo slot is used, so older changes can no longer be undone (the editor
    /// then warns once).
    pub fn is_undo_history_exceeded(&self) -> bool {
        self.past.len() >= UNDO_LIMIT
    }

    /// Forgets the past and the future (after saving).
    pub fn clear(&mut self) {
        self.past.clear();
        self.future.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::layout::empty_layout;

    fn titled(number: usize) -> DashboardLayout {
        let mut layout = empty_layout();
        layout.version = Some(format!("v{number}"));
        layout
    }

    #[test]
    fn undo_and_redo_walk_the_changes() {
        let mut history = LayoutHistory::new(titled(0));
        history.push(titled(1));
        history.push(titled(2));
        assert!(history.undo());
        assert_eq!(history.present(), &titled(1));
        assert!(history.redo());
        assert_eq!(history.present(), &titled(2));
        assert!(!history.redo());
        assert!(history.undo() && history.undo());
        assert!(!history.undo());
        assert_eq!(history.present(), &titled(0));
        history.push(titled(3));
        assert_eq!(history.redo_length(), 0);
    }

    #[test]
    fn an_unchanged_layout_records_nothing() {
        let mut history = LayoutHistory::new(titled(0));
        history.push(titled(0));
        assert_eq!(history.undo_length(), 0);
    }

    #[test]
    fn the_history_keeps_51_past_states_of_52_and_reports_the_slots_used_up() {
        let mut history = LayoutHistory::new(titled(0));
        for number in 1..=49 {
            history.push(titled(number));
        }
        assert!(!history.is_undo_history_exceeded());
        history.push(titled(50));
        assert!(history.is_undo_history_exceeded());
        for number in 51..=60 {
            history.push(titled(number));
        }
        assert_eq!(history.undo_length(), UNDO_HISTORY_LIMIT - 1);
        while history.undo() {}
        assert_eq!(history.present(), &titled(9));
        history.clear();
        assert_eq!((history.undo_length(), history.redo_length()), (0, 0));
    }
}
