//! Shared pieces of the benchmark and soak programs in `src/bin` and `benches`: their
//! command-line flags and the simulator-made `offers` bodies the decode measurements read, so
//! each is written once.

pub mod args;
pub mod fixture;
