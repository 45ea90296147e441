//! Why an executable graph refused another graph's parameters ([`GraphUpdateResult`]):
//! what [`Error::GraphUpdate`](crate::Error::GraphUpdate) says, on both backends. The
//! driver gives it as `CUgraphExecUpdateResult` beside `CUDA_ERROR_GRAPH_EXEC_UPDATE_FAILURE`
//! (`cuGraphExecUpdate`); the simulator checks the same rules itself.

use std::fmt;

/// Why [`Graph::update`](crate::Graph::update) refused a graph: one variant per failing
/// `CUgraphExecUpdateResult` of `cuda.h`, so a caller matches the same value on the GPU and
/// on the simulator.
///
/// ```
/// use cuda_library::GraphUpdateResult;
/// assert_eq!(GraphUpdateResult::from_raw(2), Some(GraphUpdateResult::TopologyChanged));
/// assert_eq!(
///     GraphUpdateResult::TopologyChanged.name(),
///     "CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED"
/// );
/// assert_eq!(GraphUpdateResult::from_raw(0), None); // success is no refusal
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum GraphUpdateResult {
    /// Refused for another reason (`CU_GRAPH_EXEC_UPDATE_ERROR`, 1).
    Error,
    /// Other nodes or other edges (`CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED`, 2).
    TopologyChanged,
    /// A node of another kind (`CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED`, 3).
    NodeTypeChanged,
    /// A kernel node's function changed, on drivers before 11.2
    /// (`CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED`, 4).
    FunctionChanged,
    /// A node's parameters changed in a way an update cannot take
    /// (`CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED`, 5).
    ParametersChanged,
    /// Something about a node is not supported by an update: its kind or its configuration
    /// (`CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED`, 6).
    NotSupported,
    /// A kernel node's function changed in a way an update cannot take
    /// (`CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE`, 7).
    UnsupportedFunctionChange,
    /// A node's attributes changed in a way an update cannot take
    /// (`CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED`, 8).
    AttributesChanged,
}

/// Every refusal, in the order of its `CUgraphExecUpdateResult` (1 to 8).
const RESULTS: [GraphUpdateResult; 8] = [
    GraphUpdateResult::Error,
    GraphUpdateResult::TopologyChanged,
    GraphUpdateResult::NodeTypeChanged,
    GraphUpdateResult::FunctionChanged,
    GraphUpdateResult::ParametersChanged,
    GraphUpdateResult::NotSupported,
    GraphUpdateResult::UnsupportedFunctionChange,
    GraphUpdateResult::AttributesChanged,
];

impl GraphUpdateResult {
    /// The refusal a raw `CUgraphExecUpdateResult` stands for; `None` for
    /// `CU_GRAPH_EXEC_UPDATE_SUCCESS` (0) and values `cuda.h` does not define.
    pub fn from_raw(raw: u32) -> Option<GraphUpdateResult> {
        RESULTS.into_iter().find(|r| r.raw() == raw)
    }

    /// The raw `CUgraphExecUpdateResult` (1 to 8).
    pub fn raw(self) -> u32 {
        match self {
            GraphUpdateResult::Error => 1,
            GraphUpdateResult::TopologyChanged => 2,
            GraphUpdateResult::NodeTypeChanged => 3,
            GraphUpdateResult::FunctionChanged => 4,
            GraphUpdateResult::ParametersChanged => 5,
            GraphUpdateResult::NotSupported => 6,
            GraphUpdateResult::UnsupportedFunctionChange => 7,
            GraphUpdateResult::AttributesChanged => 8,
        }
    }

    /// Its name in `cuda.h`, e.g. `CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED`.
    pub fn name(self) -> &'static str {
        match self {
            GraphUpdateResult::Error => "CU_GRAPH_EXEC_UPDATE_ERROR",
            GraphUpdateResult::TopologyChanged => "CU_GRAPH_EXEC_UPDATE_ERROR_TOPOLOGY_CHANGED",
            GraphUpdateResult::NodeTypeChanged => "CU_GRAPH_EXEC_UPDATE_ERROR_NODE_TYPE_CHANGED",
            GraphUpdateResult::FunctionChanged => "CU_GRAPH_EXEC_UPDATE_ERROR_FUNCTION_CHANGED",
            GraphUpdateResult::ParametersChanged => "CU_GRAPH_EXEC_UPDATE_ERROR_PARAMETERS_CHANGED",
            GraphUpdateResult::NotSupported => "CU_GRAPH_EXEC_UPDATE_ERROR_NOT_SUPPORTED",
            GraphUpdateResult::UnsupportedFunctionChange => {
                "CU_GRAPH_EXEC_UPDATE_ERROR_UNSUPPORTED_FUNCTION_CHANGE"
            }
            GraphUpdateResult::AttributesChanged => "CU_GRAPH_EXEC_UPDATE_ERROR_ATTRIBUTES_CHANGED",
        }
    }

    /// What to do about a graph this refused (the error's hint).
    pub fn advice(self) -> &'static str {
        match self {
            GraphUpdateResult::NotSupported => {
                "a graph with memory nodes updates an executable graph only while no other \
                 executable graph made from it is alive: drop that one first, or instantiate \
                 the graph (GraphDefinition::instantiate)"
            }
            _ => {
                "update an executable graph only with a graph of the same nodes, kinds and \
                 edges (typically the same work captured again); otherwise instantiate the \
                 new graph (GraphDefinition::instantiate)"
            }
        }
    }
}

impl fmt::Display for GraphUpdateResult {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_result_round_trips_through_its_raw_value() {
        for r in RESULTS {
            assert_eq!(GraphUpdateResult::from_raw(r.raw()), Some(r));
            assert!(r.name().starts_with("CU_GRAPH_EXEC_UPDATE_ERROR"), "{r}");
        }
        assert_eq!(GraphUpdateResult::from_raw(0), None);
        assert_eq!(GraphUpdateResult::from_raw(9), None);
    }
}
