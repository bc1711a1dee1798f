//! DesConecta-4 BOOM tests: the naive oracle against the bitboard implementation (random
//! games with many BOOMs, perft), the rules file's worked examples and other named rule
//! cases, the conformance kit, notation and board errors, the golden game and the evaluators.

mod conformance;
mod evaluators;
mod examples;
mod golden;
mod naive;
mod notation;
mod rules;
