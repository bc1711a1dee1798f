//! Kalah tests: the rules file's transitions and perft, the naive ring-sowing oracle against
//! the fast implementation, the conformance kit, notation, the golden game, the endgame table
//! against a plain negamax, and the course's GreedyBot.

mod conformance;
mod endgame;
mod golden;
mod greedy;
mod naive;
mod notation;
mod rules;
