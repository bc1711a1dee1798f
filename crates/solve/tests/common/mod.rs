//! Shared by the solver's test files: Pascal Pons' test sets, read from the crate's copy.

/// The text of the test set `name` in `data/connect4`.
pub fn data(name: &str) -> String {
    let path = format!("{}/data/connect4/{name}", env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"))
}
