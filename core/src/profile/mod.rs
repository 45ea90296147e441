//! Profiling a launch: everything that gathers what the notebook's "why is it slow?" view
//! shows, in one place (the view itself, which only renders, is `display::profile`).
//!
//! - [`take`] (behind [`timing::profile`](crate::timing::profile)) is the one entry point:
//!   it times a launch with events and returns a [`Profile`].
//! - What it reads: the simulator's [`LaunchProfile`](crate::sim::LaunchProfile) of a
//!   launch (its counters and cost account, plain data the simulator makes for each of its
//!   launches) and its [`Hint`](crate::sim::Hint)s.
//! - `recorder`: on a GPU stream, the last launch made while a profile is taken.
//! - `shadow`: that launch run again on a private simulated device, for the counters only
//!   the simulator has (and the library image kept for it at load).

#[cfg(feature = "notebook")]
pub(crate) mod recorder;
#[cfg(feature = "notebook")]
mod session;
#[cfg(feature = "notebook")]
pub(crate) mod shadow;

#[cfg(feature = "notebook")]
pub(crate) use recorder::{LaunchRecord, Recorder};
#[cfg(feature = "notebook")]
pub(crate) use shadow::keep_image;

#[cfg(feature = "notebook")]
pub(crate) use session::take;
#[cfg(feature = "notebook")]
pub use session::{compare, Comparison, Profile};
