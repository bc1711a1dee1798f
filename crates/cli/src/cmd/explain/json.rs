//! The `json` format: the traces as flat arrays of nodes with parent indices (the schema is
//! in README.md, "poda explain"), written by the web workbench's code, so the page's explain
//! panel and scripts read the same JSON.

use super::model::Explanation;

pub fn render(e: &Explanation) -> String {
    poda_web::explanation_json(e) + "\n"
}
