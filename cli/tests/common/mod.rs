//! Helpers shared by the CLI's integration tests.
pub mod pg_server;
pub mod rewards;
