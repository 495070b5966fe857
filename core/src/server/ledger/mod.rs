//! The rewards ledger (feature `ledger`): every verified conversion recorded once, its amount
//! credited to its player in the same transaction.
//!
//! SQLite (a file, embedded: the default) or PostgreSQL (several receivers behind a load
//! balancer share it), through one code path: sqlx's `Any` driver and SQL both accept. A
//! storage failure is `server` with HTTP status 503 and leaves nothing recorded, so a
//! receiver never answers 2xx before the credit is durable and the sender's retry is
//! credited later (SQLite: `synchronous=FULL` in WAL mode; PostgreSQL: its default
//! synchronous commit).
//!
//! ```no_run
//! # async fn demo(conversion: offerkit::server::postback::Conversion) -> offerkit::Result<()> {
//! use offerkit::server::ledger::{Credit, Ledger};
//! let ledger = Ledger::open("sqlite://offerkit-rewards.db").await?;
//! match ledger.credit(&conversion).await? {
//!     Credit::Credited { balance } => println!("{} now has {}", balance.player_id, balance.balance),
//!     Credit::Duplicate { .. } => println!("already credited"),
//!     Credit::Conflict { recorded } => eprintln!("conversion {} differs from the one credited", recorded.conversion_id),
//!     Credit::Overflow { balance } => eprintln!("{} cannot hold more than {}", balance.player_id, balance.balance),
//! }
//! # Ok(()) }
//! ```

mod balance;
mod credit;
mod db_url;
mod recorded;
mod schema;
mod store;

pub use balance::Balance;
pub use credit::Credit;
pub use db_url::{Backend, DbUrl};
pub use recorded::Recorded;
pub use store::{Ledger, LedgerOptions};
