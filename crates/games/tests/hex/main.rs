//! Hex tests: the naive oracle against the bitboard and union-find implementation (random
//! games, perft), the conformance kit, notation, the swap conventions, the golden game, the
//! known winning openings and the evaluators.

mod conformance;
mod evaluators;
mod golden;
mod naive;
mod notation;
mod openings;
mod rules;
mod swap;
