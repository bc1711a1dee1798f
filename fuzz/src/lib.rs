//! poda's fuzz targets: every parser and protocol loop, fed arbitrary bytes.
//!
//! [`targets`] holds one function per target (the libFuzzer entry points in `fuzz_targets/`
//! and the stable harness `replay` both call them); [`mutate`] is the replay harness's input
//! generator. A target passes an input when it neither panics nor runs longer than a second
//! nor grows memory without bound; several also check a property (a parsed value written
//! back reads the same, every protocol command gets exactly one answer).
#![forbid(unsafe_code)]

pub mod mutate;
pub mod targets;
