//! The page as a screen reader meets it in Chromium: the accessibility
//! tree that `Accessibility.getFullAXTree` gives (the tree Android's
//! TalkBack and Windows' Narrator read through the web view), with each
//! node's role, name, states and text, and the keyboard to act on it.
//! Nothing here looks at the page's DOM or CSS.

use crate::browser::Phone;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::time::{Duration, Instant};

pub const TAB: char = '\u{E004}';
pub const ENTER: char = '\u{E007}';
pub const ESCAPE: char = '\u{E00C}';
pub const LEFT: char = '\u{E012}';
pub const UP: char = '\u{E013}';
pub const RIGHT: char = '\u{E014}';
pub const DOWN: char = '\u{E015}';

/// One node of the tree.
#[derive(Clone, Debug)]
pub struct Node {
    pub id: String,
    pub role: String,
    pub name: String,
    pub ignored: bool,
    /// Its properties (states and relations) by name: `focused`,
    /// `selected`, `checked`, `disabled`, `live`, `modal`,
    /// `activedescendant`...
    pub props: HashMap<String, Value>,
    children: Vec<String>,
    parent: Option<String>,
    /// The DOM node it stands for, as relations name it.
    backend: Option<i64>,
}

impl Node {
    /// A property's value (`Some(true)` for `focused`, etc.).
    pub fn prop(&self, name: &str) -> Option<&Value> {
        self.props.get(name).and_then(|v| v.get("value"))
    }

    /// A true/false state: true only when the tree says true.
    pub fn is(&self, state: &str) -> bool {
        match self.prop(state) {
            Some(Value::Bool(b)) => *b,
            Some(Value::String(s)) => s == "true",
            _ => false,
        }
    }
}

/// The whole tree at one moment.
pub struct Tree {
    nodes: Vec<Node>,
    index: HashMap<String, usize>,
}

/// Turn Accessibility.enable on (once per page).
pub async fn enable(phone: &Phone) {
    phone.cdp("Accessibility.enable", json!({})).await;
}

impl Tree {
    /// Read the page's tree now.
    pub async fn read(phone: &Phone) -> Tree {
        let v = phone.cdp("Accessibility.getFullAXTree", json!({})).await;
        Tree::from_cdp(&v)
    }

    fn from_cdp(v: &Value) -> Tree {
        let text = |v: Option<&Value>| {
            v.and_then(|v| v.get("value"))
                .map(|v| match v {
                    Value::String(s) => s.clone(),
                    other => other.to_string(),
                })
                .unwrap_or_default()
        };
        let nodes: Vec<Node> = v["nodes"]
            .as_array()
            .map(Vec::as_slice)
            .unwrap_or_default()
            .iter()
            .map(|n| Node {
                id: n["nodeId"].as_str().unwrap_or_default().to_string(),
                role: text(n.get("role")),
                name: text(n.get("name")),
                ignored: n["ignored"].as_bool().unwrap_or(false),
                props: n["properties"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|p| Some((p["name"].as_str()?.to_string(), p["value"].clone())))
                    .collect(),
                children: n["childIds"]
                    .as_array()
                    .map(Vec::as_slice)
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|c| c.as_str().map(str::to_string))
                    .collect(),
                parent: n["parentId"].as_str().map(str::to_string),
                backend: n["backendDOMNodeId"].as_i64(),
            })
            .collect();
        let index = nodes
            .iter()
            .enumerate()
            .map(|(i, n)| (n.id.clone(), i))
            .collect();
        Tree { nodes, index }
    }

    fn get(&self, id: &str) -> Option<&Node> {
        self.index.get(id).map(|&i| &self.nodes[i])
    }

    /// Every node that is in the tree (not ignored), in document order.
    pub fn exposed(&self) -> Vec<&Node> {
        self.nodes.iter().filter(|n| !n.ignored).collect()
    }

    /// The exposed nodes of `role`.
    pub fn all(&self, role: &str) -> Vec<&Node> {
        self.exposed()
            .into_iter()
            .filter(|n| n.role == role)
            .collect()
    }

    /// The exposed node of `role` whose name satisfies `name`.
    pub fn find(&self, role: &str, name: impl Fn(&str) -> bool) -> Option<&Node> {
        self.all(role).into_iter().find(|n| name(&n.name))
    }

    /// The exposed node of `role` named exactly `name`.
    pub fn named(&self, role: &str, name: &str) -> Option<&Node> {
        self.find(role, |n| n == name)
    }

    /// The exposed nodes under `node`, depth first (through ignored ones).
    pub fn descendants(&self, node: &Node) -> Vec<&Node> {
        let mut out = Vec::new();
        let mut stack: Vec<&str> = node.children.iter().rev().map(String::as_str).collect();
        while let Some(id) = stack.pop() {
            let Some(n) = self.get(id) else { continue };
            if !n.ignored {
                out.push(n);
            }
            stack.extend(n.children.iter().rev().map(String::as_str));
        }
        out
    }

    /// Whether `node` lies under `ancestor`.
    pub fn within(&self, node: &Node, ancestor: &Node) -> bool {
        let mut at = node.parent.as_deref();
        while let Some(id) = at {
            if id == ancestor.id {
                return true;
            }
            at = self.get(id).and_then(|n| n.parent.as_deref());
        }
        false
    }

    /// The text a reader says for `node`'s content: its static texts,
    /// joined.
    pub fn text(&self, node: &Node) -> String {
        let parts: Vec<&str> = self
            .descendants(node)
            .into_iter()
            .filter(|n| n.role == "StaticText")
            .map(|n| n.name.trim())
            .filter(|s| !s.is_empty())
            .collect();
        parts.join(" ")
    }

    /// The node with the keyboard focus: the page itself only when
    /// nothing in it has the focus.
    pub fn focused(&self) -> Option<&Node> {
        let focused: Vec<&Node> = self
            .exposed()
            .into_iter()
            .filter(|n| n.is("focused"))
            .collect();
        focused
            .iter()
            .find(|n| n.role != "RootWebArea")
            .or(focused.first())
            .copied()
    }

    /// The node `node` names as its active descendant.
    pub fn active_descendant(&self, node: &Node) -> Option<&Node> {
        let backend =
            node.props.get("activedescendant")?["relatedNodes"][0]["backendDOMNodeId"].as_i64()?;
        self.exposed()
            .into_iter()
            .find(|n| n.backend == Some(backend))
    }

    /// The live regions (`aria-live` other than off, the roots only)
    /// with their text.
    pub fn live_regions(&self) -> Vec<(&Node, String)> {
        let live = |n: &Node| {
            n.prop("live")
                .and_then(Value::as_str)
                .is_some_and(|l| l != "off")
        };
        self.exposed()
            .into_iter()
            .filter(|n| {
                live(n)
                    && !n
                        .parent
                        .as_deref()
                        .and_then(|p| self.get(p))
                        .is_some_and(&live)
            })
            .map(|n| (n, self.text(n)))
            .collect()
    }

    /// The grid's cells by rows: `rows[r][c]`.
    pub fn grid_cells<'a>(&'a self, grid: &'a Node) -> Vec<Vec<&'a Node>> {
        self.descendants(grid)
            .into_iter()
            .filter(|n| n.role == "row")
            .map(|row| {
                self.descendants(row)
                    .into_iter()
                    .filter(|n| n.role == "gridcell")
                    .collect()
            })
            .collect()
    }

    // A board as the tree gives it: a grid of rows of cells, one of them
    // the grid's active descendant (the cell the keyboard is on).

    /// The grid named `label`.
    pub fn grid(&self, label: &str) -> &Node {
        self.named("grid", label)
            .unwrap_or_else(|| panic!("no grid {label:?} in the tree:\n{}", self.dump()))
    }

    /// The cells of the grid named `label`, row by row, flattened.
    pub fn cells(&self, label: &str) -> Vec<&Node> {
        self.grid_cells(self.grid(label))
            .into_iter()
            .flatten()
            .collect()
    }

    /// Row and place in the row of the first cell whose name satisfies `name`.
    fn position(&self, label: &str, name: impl Fn(&str) -> bool) -> Option<(usize, usize)> {
        let rows = self.grid_cells(self.grid(label));
        rows.iter()
            .enumerate()
            .find_map(|(r, row)| row.iter().position(|c| name(&c.name)).map(|i| (r, i)))
    }

    /// Row and place of the cell the keyboard is on.
    fn at(&self, label: &str) -> Option<(usize, usize)> {
        let cell = self.active_descendant(self.grid(label))?;
        self.position(label, |n| n == cell.name)
    }

    /// The exposed tree as lines of role, name and states, for messages.
    pub fn dump(&self) -> String {
        let mut out = String::new();
        for n in self.exposed() {
            if n.role == "StaticText" || n.role == "InlineTextBox" {
                continue;
            }
            let states: Vec<String> = n
                .props
                .iter()
                .filter(|(k, _)| !matches!(k.as_str(), "focusable" | "readonly" | "level"))
                .map(|(k, v)| format!("{k}={}", v.get("value").unwrap_or(v)))
                .collect();
            out.push_str(&format!("{} {:?} [{}]\n", n.role, n.name, states.join(" ")));
        }
        out
    }
}

/// Read the tree until `done` holds for it (up to `secs` seconds); that
/// tree.
pub async fn wait_tree(
    phone: &Phone,
    secs: u64,
    what: &str,
    mut done: impl FnMut(&Tree) -> bool,
) -> Tree {
    let t = Instant::now();
    loop {
        let tree = Tree::read(phone).await;
        if done(&tree) {
            return tree;
        }
        if t.elapsed() > Duration::from_secs(secs) {
            panic!(
                "{what}: not in the tree within {secs} s; it holds:\n{}",
                tree.dump()
            );
        }
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
}

/// Press Tab until the focus is on a node of `role` whose name satisfies
/// `name`; that node's name.
pub async fn tab_to(phone: &Phone, role: &str, name: impl Fn(&str) -> bool) -> String {
    let mut seen = Vec::new();
    for _ in 0..40 {
        let tree = Tree::read(phone).await;
        if let Some(f) = tree.focused() {
            if f.role == role && name(&f.name) {
                return f.name.clone();
            }
            seen.push(format!("{} {:?}", f.role, f.name));
        }
        phone.press(TAB).await;
    }
    panic!("Tab never reached the {role} sought; it went through {seen:#?}");
}

/// With the keyboard on the grid named `label`, move to the first cell
/// whose name satisfies `name` with the arrows (Up and Down go to the
/// same place in the row above or below, Left and Right along the row,
/// as the grid's rows say), check that the grid says it is there, and
/// press Enter. The cell's name before the press.
pub async fn key_to(phone: &Phone, label: &str, name: impl Fn(&str) -> bool) -> String {
    let tree = Tree::read(phone).await;
    let (tr, ti) = tree
        .position(label, &name)
        .unwrap_or_else(|| panic!("no cell sought in the grid:\n{}", tree.dump()));
    let (ar, ai) = tree
        .at(label)
        .unwrap_or_else(|| panic!("the grid has no active cell:\n{}", tree.dump()));
    let vertical = if ar > tr { UP } else { DOWN };
    let horizontal = if ai > ti { LEFT } else { RIGHT };
    for _ in 0..ar.abs_diff(tr) {
        phone.press(vertical).await;
    }
    for _ in 0..ai.abs_diff(ti) {
        phone.press(horizontal).await;
    }
    let tree = Tree::read(phone).await;
    let grid = tree.grid(label);
    assert!(grid.is("focused"), "the grid keeps the keyboard focus");
    let cell = tree
        .active_descendant(grid)
        .unwrap_or_else(|| panic!("no active cell after the arrows"))
        .name
        .clone();
    assert_eq!(
        tree.at(label),
        Some((tr, ti)),
        "the arrows reached the cell ({cell})"
    );
    phone.press(ENTER).await;
    cell
}
