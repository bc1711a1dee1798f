//! Connect 4 tests: the naive oracle against the bitboard implementation (random games,
//! perft), the conformance kit, notation errors, the golden game and the evaluators.

mod conformance;
mod evaluators;
mod golden;
mod naive;
mod notation;
mod rules;
