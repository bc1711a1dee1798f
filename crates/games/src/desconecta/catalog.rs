//! The named evaluators of DesConecta-4 BOOM and its agents, the three ninjas.
//!
//! The course's ninjas (levels 1 < 2 < 3) ran on a university server and their code was never
//! published. poda rebuilds three opponents of increasing strength under the same names, each
//! an alias for a fixed-depth search (the engine: same value as plain alpha-beta at that depth,
//! found faster; deterministic):
//!
//! | agent | is | why |
//! |---|---|---|
//! | `ninja(level=1)` | `engine(depth=2,eval=seed-cells)` | a shallow player with a student heuristic |
//! | `ninja(level=2)` | `engine(depth=4,eval=seed-lines)` | deeper, with the other seed heuristic |
//! | `ninja(level=3)` | `engine(depth=8,eval=seed-cells)` | the course's alpha-beta depth with the best seed heuristic |
//!
//! The first definitions (level 1 = depth 4 seed-cells, level 2 = depth 6 seed-lines) failed
//! the ladder: level 3 won only 37% of 300 games against that level 2 (53% were drawn at the
//! ply cap), so levels 1 and 2 were made shallower.
//!
//! The measured ladder (level k+1 against level k, ninja 3 against the course's alpha-beta)
//! is in `docs/benchmarks/desconecta.md`.

use super::eval_course::{CourseTest, SeedCells, SeedLines};
use super::eval_squeeze::Squeeze;
use super::DesConecta;
use poda_core::{AgentEntry, AgentRecipe, Catalog, EvaluatorEntry, Spec, SpecError};
use std::sync::Arc;

/// The spec each ninja level stands for, levels 1..=3.
pub const NINJA_LEVELS: [&str; 3] = [
    "engine(depth=2,eval=seed-cells)",
    "engine(depth=4,eval=seed-lines)",
    "engine(depth=8,eval=seed-cells)",
];

/// The spec of `ninja(level=k)`.
pub fn ninja_spec(level: u64) -> Option<&'static str> {
    NINJA_LEVELS.get(level.checked_sub(1)? as usize).copied()
}

fn build_ninja(_: &DesConecta, spec: &Spec) -> Result<AgentRecipe<DesConecta>, SpecError> {
    spec.expect_keys(&["level"])?;
    let level = spec.int_in("level", 1, 1, NINJA_LEVELS.len() as u64)?;
    let target = ninja_spec(level).expect("level checked above");
    Ok(AgentRecipe::Alias(
        Spec::parse(target).expect("ninja specs are valid"),
    ))
}

impl Catalog for DesConecta {
    fn evaluators() -> Vec<EvaluatorEntry<DesConecta>> {
        vec![
            EvaluatorEntry {
                name: "squeeze",
                help: "default: seed-cells structure, the mover's BOOM win or forced loss, \
                       and +10 per opponent piece on the board (not zero-sum)",
                build: |_| Arc::new(Squeeze),
            },
            EvaluatorEntry {
                name: "test",
                help: "the course's ValoracionTest: column weights 0,1,2,3,2,1,0 of the \
                       asking player's normal pieces (not zero-sum)",
                build: |_| Arc::new(CourseTest),
            },
            EvaluatorEntry {
                name: "seed-lines",
                help: "first seed report: 100 per three and 10 per two in a row, opponent's \
                       minus own",
                build: |_| Arc::new(SeedLines),
            },
            EvaluatorEntry {
                name: "seed-cells",
                help: "second seed report: per cell, +-30 at the end of a three, else +-5 \
                       with a neighbour of its colour (own negative)",
                build: |_| Arc::new(SeedCells),
            },
        ]
    }

    fn agents() -> Vec<AgentEntry<DesConecta>> {
        vec![AgentEntry {
            name: "ninja",
            help: "ninja(level=1|2|3): the course's opponents rebuilt: 1 = \
                   engine(depth=2,eval=seed-cells), 2 = engine(depth=4,eval=seed-lines), \
                   3 = engine(depth=8,eval=seed-cells)",
            build: build_ninja,
        }]
    }

    /// A BOOM frees cells, so games can cycle: matches adjudicate a draw at this cap.
    fn default_max_plies(&self) -> Option<u32> {
        Some(super::DEFAULT_MAX_PLIES)
    }
}
