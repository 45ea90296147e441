//! The rules of stream capture, one variant each ([`CaptureRule`]): what
//! [`Error::StreamCapture`](crate::Error::StreamCapture) says a call broke, on both backends.
//! The driver returns them as its `CUDA_ERROR_STREAM_CAPTURE_*` codes and
//! `CUDA_ERROR_CAPTURED_EVENT`; the simulator applies the same rules itself.

use std::fmt;

/// Which rule of stream capture a call broke ([`Error::StreamCapture`](crate::Error::StreamCapture)):
/// one variant per driver code, so a caller matches the same value on the GPU and on the
/// simulator.
///
/// ```
/// use cuda_library::CaptureRule;
/// assert_eq!(CaptureRule::Isolation.cuda_error_name(), "CUDA_ERROR_STREAM_CAPTURE_ISOLATION");
/// assert_eq!(CaptureRule::from_cuda_code(906), Some(CaptureRule::Implicit));
/// assert_eq!(CaptureRule::from_cuda_code(1), None);
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum CaptureRule {
    /// The call is not allowed while a stream captures: synchronizing it, allocating under a
    /// `Global` or `ThreadLocal` capture, launching a graph into it
    /// (`CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED`, 900). It invalidates the capture.
    Unsupported,
    /// The capture was invalidated by an earlier refused call and gives no graph
    /// (`CUDA_ERROR_STREAM_CAPTURE_INVALIDATED`, 901).
    Invalidated,
    /// Two independent captures would be merged (`CUDA_ERROR_STREAM_CAPTURE_MERGE`, 902).
    Merge,
    /// The capture was not begun on this stream (`CUDA_ERROR_STREAM_CAPTURE_UNMATCHED`, 903).
    Unmatched,
    /// A stream that joined the capture (a fork) was not joined back before it ended
    /// (`CUDA_ERROR_STREAM_CAPTURE_UNJOINED`, 904).
    Unjoined,
    /// A dependency would cross the capture's boundary: a capturing stream waited for an
    /// event recorded outside it or in another capture
    /// (`CUDA_ERROR_STREAM_CAPTURE_ISOLATION`, 905). It invalidates the capture.
    Isolation,
    /// A synchronous copy or memset would make the legacy default stream wait for the
    /// capture (`CUDA_ERROR_STREAM_CAPTURE_IMPLICIT`, 906). It invalidates the capture.
    Implicit,
    /// An event last recorded in a capture stands for nodes of a graph, not for work that
    /// runs: it cannot be synchronized or queried (`CUDA_ERROR_CAPTURED_EVENT`, 907).
    CapturedEvent,
    /// A `Global` or `ThreadLocal` capture was ended on another thread than the one that
    /// began it (`CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD`, 908).
    WrongThread,
}

/// Every rule, in the order of its driver code.
const RULES: [CaptureRule; 9] = [
    CaptureRule::Unsupported,
    CaptureRule::Invalidated,
    CaptureRule::Merge,
    CaptureRule::Unmatched,
    CaptureRule::Unjoined,
    CaptureRule::Isolation,
    CaptureRule::Implicit,
    CaptureRule::CapturedEvent,
    CaptureRule::WrongThread,
];

impl CaptureRule {
    /// The rule the driver's `CUresult` `code` stands for; `None` for a code that is no
    /// capture rule.
    pub fn from_cuda_code(code: u32) -> Option<CaptureRule> {
        RULES.into_iter().find(|r| r.cuda_code() == code)
    }

    /// The driver's `CUresult` for this rule (900 to 908).
    pub fn cuda_code(self) -> u32 {
        match self {
            CaptureRule::Unsupported => 900,
            CaptureRule::Invalidated => 901,
            CaptureRule::Merge => 902,
            CaptureRule::Unmatched => 903,
            CaptureRule::Unjoined => 904,
            CaptureRule::Isolation => 905,
            CaptureRule::Implicit => 906,
            CaptureRule::CapturedEvent => 907,
            CaptureRule::WrongThread => 908,
        }
    }

    /// The driver's name for this rule, e.g. `CUDA_ERROR_STREAM_CAPTURE_ISOLATION`.
    pub fn cuda_error_name(self) -> &'static str {
        match self {
            CaptureRule::Unsupported => "CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED",
            CaptureRule::Invalidated => "CUDA_ERROR_STREAM_CAPTURE_INVALIDATED",
            CaptureRule::Merge => "CUDA_ERROR_STREAM_CAPTURE_MERGE",
            CaptureRule::Unmatched => "CUDA_ERROR_STREAM_CAPTURE_UNMATCHED",
            CaptureRule::Unjoined => "CUDA_ERROR_STREAM_CAPTURE_UNJOINED",
            CaptureRule::Isolation => "CUDA_ERROR_STREAM_CAPTURE_ISOLATION",
            CaptureRule::Implicit => "CUDA_ERROR_STREAM_CAPTURE_IMPLICIT",
            CaptureRule::CapturedEvent => "CUDA_ERROR_CAPTURED_EVENT",
            CaptureRule::WrongThread => "CUDA_ERROR_STREAM_CAPTURE_WRONG_THREAD",
        }
    }

    /// What to do about a call this rule refused (the error's hint).
    pub fn advice(self) -> &'static str {
        match self {
            CaptureRule::Unsupported | CaptureRule::Implicit => {
                "while a stream captures, queue on it only work a graph records (launches, \
                 async copies and memsets, event records, host functions); synchronize, \
                 allocate and launch graphs before the capture begins or after it ends, or \
                 nest a graph with GraphDefinition::add_child"
            }
            CaptureRule::Invalidated => {
                "an earlier call refused during the capture invalidated it: fix that call \
                 (its error said which) and capture again"
            }
            CaptureRule::Merge | CaptureRule::Isolation => {
                "make a capturing stream wait only for events recorded in the same capture; \
                 wait for outside work before the capture begins"
            }
            CaptureRule::Unmatched | CaptureRule::WrongThread => {
                "end a capture on the stream, and the thread, that began it"
            }
            CaptureRule::Unjoined => {
                "join every forked stream back: record an event on it after its work and make \
                 the capturing stream wait for it before ending the capture"
            }
            CaptureRule::CapturedEvent => {
                "record the event again outside a capture before waiting for it or querying \
                 it, or record it in the graph (GraphDefinition::add_event_record)"
            }
        }
    }
}

impl fmt::Display for CaptureRule {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.cuda_error_name())
    }
}

#[cfg(test)]
mod tests {
    use super::{CaptureRule, RULES};

    #[test]
    fn each_rule_has_its_own_code_and_name_and_comes_back_from_the_code() {
        let codes: Vec<u32> = RULES.iter().map(|r| r.cuda_code()).collect();
        assert_eq!(codes, (900..=908).collect::<Vec<_>>());
        for rule in RULES {
            assert_eq!(CaptureRule::from_cuda_code(rule.cuda_code()), Some(rule));
            assert!(rule.cuda_error_name().starts_with("CUDA_ERROR_"));
            assert_eq!(rule.to_string(), rule.cuda_error_name());
            assert!(!rule.advice().is_empty());
        }
        let mut names: Vec<&str> = RULES.iter().map(|r| r.cuda_error_name()).collect();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), RULES.len(), "one name per rule");
        assert_eq!(CaptureRule::from_cuda_code(899), None);
        assert_eq!(CaptureRule::from_cuda_code(909), None);
    }
}
