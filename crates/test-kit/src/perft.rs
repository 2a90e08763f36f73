//! Perft tables: a game's data file of positions, each followed by
//! `depth nodes` rows, compared with the game's own perft.
//!
//! ```text
//! # a comment
//! fen B:W21-32:B1-12
//! 1 7
//! 9 3963680 deep
//! ```
//!
//! A position line starts with the game's key (`fen`, `pos`); a row marked
//! `deep` runs only in the long (ignored) test.

use std::fmt;

/// One row of a table: perft to `depth` counts `nodes`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Row {
    pub depth: u32,
    pub nodes: u64,
    /// Run only in the long test.
    pub deep: bool,
}

/// A position of the table (its text, as the file gives it) and its rows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Case {
    pub position: String,
    pub rows: Vec<Row>,
}

/// A line of a table that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TableError {
    /// A row before any position line (its line number, from 1).
    RowBeforePosition(usize),
    /// A row that is not `depth nodes` or `depth nodes deep`.
    BadRow(usize, String),
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TableError::RowBeforePosition(line) => {
                write!(f, "line {line}: a row before any position")
            }
            TableError::BadRow(line, text) => {
                write!(f, "line {line}: not 'depth nodes [deep]': {text}")
            }
        }
    }
}

impl std::error::Error for TableError {}

/// Reads a table whose position lines start with `key` and a space.
pub fn read_table(text: &str, key: &str) -> Result<Vec<Case>, TableError> {
    let mut out: Vec<Case> = Vec::new();
    let prefix = format!("{key} ");
    for (i, line) in text.lines().map(str::trim).enumerate() {
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        if let Some(position) = line.strip_prefix(&prefix) {
            out.push(Case {
                position: position.to_string(),
                rows: Vec::new(),
            });
            continue;
        }
        let bad = || TableError::BadRow(i + 1, line.to_string());
        let fields: Vec<&str> = line.split_whitespace().collect();
        let (depth, nodes, deep) = match fields.as_slice() {
            [d, n] => (d, n, false),
            [d, n, "deep"] => (d, n, true),
            _ => return Err(bad()),
        };
        let row = Row {
            depth: depth.parse().map_err(|_| bad())?,
            nodes: nodes.parse().map_err(|_| bad())?,
            deep,
        };
        out.last_mut()
            .ok_or(TableError::RowBeforePosition(i + 1))?
            .rows
            .push(row);
    }
    Ok(out)
}

/// Compares every row of the table `text` (position lines starting with
/// `key`) that is `deep` or not, as asked, with `perft(position, depth)`,
/// and panics at the first that differs. Returns the cases, for a count.
pub fn check_table(
    text: &str,
    key: &str,
    deep: bool,
    perft: impl Fn(&str, u32) -> u64,
) -> Vec<Case> {
    let cases = read_table(text, key).unwrap_or_else(|e| panic!("perft table: {e}"));
    for case in &cases {
        for row in case.rows.iter().filter(|r| r.deep == deep) {
            assert_eq!(
                perft(&case.position, row.depth),
                row.nodes,
                "perft of {} to depth {}",
                case.position,
                row.depth
            );
        }
    }
    cases
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLE: &str = "# counts\n\
        pos start\n1 2\n2 4\n3 8 deep\n\n\
        pos other\n1 3\n";

    #[test]
    fn a_table_reads_into_cases_and_rows() {
        let cases = read_table(TABLE, "pos").unwrap();
        assert_eq!(cases.len(), 2);
        assert_eq!(cases[0].position, "start");
        assert_eq!(
            cases[0].rows[2],
            Row {
                depth: 3,
                nodes: 8,
                deep: true
            }
        );
        assert_eq!(cases[1].rows.len(), 1);
        assert_eq!(
            read_table("1 2", "pos"),
            Err(TableError::RowBeforePosition(1))
        );
        assert_eq!(
            read_table("pos x\n1 two", "pos"),
            Err(TableError::BadRow(2, "1 two".into()))
        );
    }

    #[test]
    fn check_table_runs_the_rows_asked_for() {
        let doubling = |p: &str, d: u32| if p == "start" { 1 << d } else { 3 };
        assert_eq!(check_table(TABLE, "pos", false, doubling).len(), 2);
        check_table(TABLE, "pos", true, doubling);
    }

    #[test]
    #[should_panic(expected = "perft of other to depth 1")]
    fn check_table_names_the_row_that_differs() {
        check_table(TABLE, "pos", false, |_, d| 1 << d);
    }
}
