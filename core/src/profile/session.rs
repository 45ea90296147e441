//! One profiled launch: the entry point [`take`] (what
//! [`timing::profile`](crate::timing::profile) calls), and the [`Profile`] it returns.

use super::shadow;
use crate::error::{Error, Result};
use crate::sim::{Hint, LaunchProfile};
use crate::stream::Stream;

/// One kernel launch, timed and profiled: its counters, the cost model's account of the
/// time and hints that name the PTX lines responsible (from the simulator; on a GPU, from
/// the same launch run again on it). Made by [`timing::profile`](crate::timing::profile); shows in a notebook as a compact
/// summary, and [`compare`](crate::timing::compare) puts two or more side by side.
///
/// The [`profiles`](crate::guide::profiles) guide explains profiles and their hints.
#[derive(Debug, Clone, PartialEq)]
#[non_exhaustive]
pub struct Profile {
    /// What was profiled.
    pub label: String,
    /// The launch's time in milliseconds: GPU events, or the cost model's.
    pub ms: f64,
    /// Whether the time is simulated (the backend is the simulator). The counters in
    /// `launch` always are.
    pub simulated: bool,
    /// Where the time comes from, as [`Timings::clock`](crate::timing::Timings::clock) says it.
    pub clock: String,
    /// The simulator's counters and account of the launch. On a GPU, from the same launch
    /// run again on the simulator (see [`timing::profile`](crate::timing::profile)); `None` where it could not be, with the
    /// reason in `note`.
    pub launch: Option<LaunchProfile>,
    /// On a GPU: where the counters came from (the cost-model preset that timed the
    /// simulated run), or why there are none. `None` on the simulator.
    pub note: Option<String>,
}

impl Profile {
    /// Renames the profile.
    pub fn with_label(mut self, label: impl Into<String>) -> Self {
        self.label = label.into();
        self
    }

    /// What to look at first, most important first (none without the simulator's counters).
    pub fn hints(&self) -> Vec<Hint> {
        self.launch.as_ref().map(|l| l.hints()).unwrap_or_default()
    }
}

/// Runs `f`, which should launch one kernel on `stream`, bracketed by events, and profiles
/// that launch (the last one, if `f` launches several): the simulator's own profile of it,
/// or on a GPU the launch recorded on the stream and run again on the simulator
/// ([`shadow`]). What [`timing::profile`](crate::timing::profile) documents.
pub(crate) fn take(stream: &Stream, f: impl FnOnce() -> Result<()>) -> Result<Profile> {
    let ctx = stream.context();
    let (start, end) = (ctx.create_event()?, ctx.create_event()?);
    // A simulated stream profiles its own launches while the profile is taken (and makes
    // no profile otherwise); a GPU stream records its launches while the profile is taken,
    // to run the last one again on the simulator.
    let profiling = stream.imp.start_profiling();
    let recording = (!stream.imp.is_simulated()).then(|| stream.recorder.arm());
    start.record(stream)?;
    f()?;
    end.record(stream)?;
    let record = recording.as_ref().and_then(|r| r.last());
    drop(recording);
    let simulated_profile = profiling.as_ref().and_then(|p| p.take());
    drop(profiling);
    let ms = end.elapsed_ms_since(&start)? as f64;
    let simulated = start.is_simulated();
    let (launch, note) = if simulated {
        let launch = simulated_profile.ok_or_else(|| {
            Error::InvalidArgument(
                "the closure given to timing::profile launched no kernel on its stream; \
                 launch one there"
                    .to_string(),
            )
        })?;
        (Some(launch), None)
    } else {
        match record {
            Some(Ok(r)) => match shadow::simulate(&r) {
                Ok(p) => {
                    let (_, preset) = shadow::preset(&r.device);
                    let note = format!(
                        "the same launch run again on the simulator, timed by the cost \
                         model's {preset} preset"
                    );
                    (Some(p), Some(note))
                }
                Err(e) => (None, Some(format!("no simulated counters: {e}"))),
            },
            Some(Err(e)) => (
                None,
                Some(format!(
                    "no simulated counters: the launch was not recorded: {e}"
                )),
            ),
            None => (
                None,
                Some(
                    "no simulated counters: no kernel launch through this crate was recorded \
                     on the stream (a launch made elsewhere, e.g. by cudarc or a library, is \
                     timed but cannot be simulated)"
                        .to_string(),
                ),
            ),
        }
    };
    Ok(Profile {
        label: launch
            .as_ref()
            .map_or_else(|| "launch".to_string(), |l| l.kernel.clone()),
        ms,
        simulated,
        clock: if simulated {
            "simulated (cost model)".to_string()
        } else {
            "GPU events".to_string()
        },
        launch,
        note,
    })
}

/// Two or more profiles side by side (see [`compare`](crate::timing::compare)).
#[derive(Debug, Clone, PartialEq)]
pub struct Comparison {
    /// The profiles, in the order given.
    pub profiles: Vec<Profile>,
}

/// Puts profiles side by side: in a notebook, one table of their counters and their times
/// on one scale, with the speed-up of each over the first.
pub fn compare(profiles: impl IntoIterator<Item = Profile>) -> Comparison {
    Comparison {
        profiles: profiles.into_iter().collect(),
    }
}
