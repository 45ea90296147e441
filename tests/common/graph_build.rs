//! Graph building driven by arbitrary bytes, as a user's program could call it: definitions
//! made, nodes of every kind added after any nodes (of this graph or another), edges added
//! in batches (cycles included), graphs nested in each other and in themselves, instantiated,
//! launched, updated from other definitions, streams captured in every mode and ended,
//! dropped or forgotten. Used by the `graph_build` fuzz target and by
//! `tests/sim_device/graph/hostile.rs`, which runs it on generated inputs.
//!
//! Checked against a model: node numbers, each node's dependencies, and whether an edge
//! closes a cycle (by a full search, the slow way). Errors the API gives for bad input are
//! fine; a panic, a hang, a wrong answer or memory in proportion to anything but the input
//! is not. Run on the simulator, with a small launch budget so a nested graph stops soon.

use std::sync::Arc;
use std::time::Duration;

use cuda_library::{
    CaptureMode, Context, DeviceBuffer, Error, Event, Graph, GraphDefinition, GraphNode, KernelArg,
    LaunchConfig, Library, Limits, Stream,
};

/// At most this many definitions, graphs and nodes per definition live at once.
const MAX_DEFS: usize = 6;
const MAX_NODES: usize = 64;
/// At most this many operations and launches per input, so any input ends in seconds.
const MAX_OPS: usize = 4096;
const MAX_LAUNCHES: usize = 64;

/// The PTX the kernel nodes run: `empty`, and `spin`, which loops `n` times.
const PTX: &str = r#".version 7.0
.target sm_70
.address_size 64
.visible .entry empty() { ret; }
.visible .entry spin(.param .u32 n)
{
    .reg .pred %p<2>;
    .reg .b32 %r<3>;
    ld.param.u32 %r1, [n];
    mov.u32 %r2, 0;
LOOP:
    setp.ge.u32 %p1, %r2, %r1;
    @%p1 bra DONE;
    add.u32 %r2, %r2, 1;
    bra LOOP;
DONE:
    ret;
}
"#;

/// `base` with the launch budget and deadline the inputs run under: a launch of any graph
/// stops within a few milliseconds.
pub fn limits_from(base: Limits) -> Limits {
    Limits {
        launch_budget: 500_000,
        launch_deadline: Some(Duration::from_secs(2)),
        ..base
    }
}

/// Reads the input a byte at a time (zeros past its end).
struct Input<'a> {
    data: &'a [u8],
    at: usize,
}

impl Input<'_> {
    fn byte(&mut self) -> u8 {
        let b = self.data.get(self.at).copied().unwrap_or(0);
        self.at += 1;
        b
    }

    fn done(&self) -> bool {
        self.at >= self.data.len()
    }

    fn pick(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            self.byte() as usize % n
        }
    }
}

/// A definition and what the model knows of it: each node's dependencies.
struct Def {
    def: GraphDefinition,
    deps: Vec<Vec<usize>>,
}

/// Whether `node` waits, directly or not, for `target` (`deps` lists what each node waits
/// for): a full search, the slow and sure answer.
fn waits_for(deps: &[Vec<usize>], node: usize, target: usize) -> bool {
    let mut seen = vec![false; deps.len()];
    let mut stack = vec![node];
    while let Some(n) = stack.pop() {
        if n == target {
            return true;
        }
        if let Some(s) = seen.get_mut(n) {
            if !*s {
                *s = true;
                stack.extend(deps[n].iter().copied());
            }
        }
    }
    false
}

impl Def {
    fn check(&self) {
        let nodes = self.def.nodes();
        assert_eq!(nodes.len(), self.deps.len());
        for (i, (n, deps)) in nodes.iter().zip(&self.deps).enumerate() {
            assert_eq!(n.index, i);
            assert_eq!(&n.deps, deps, "node {i}");
        }
    }
}

/// Runs the operations `data` spells on `ctx`'s device (the simulator).
pub fn run(ctx: &Context, data: &[u8]) {
    let lib = Library::load_data(PTX.as_bytes(), &Default::default()).unwrap();
    let empty = lib.get_kernel("empty").unwrap();
    let spin = lib.get_kernel("spin").unwrap();
    let buf: DeviceBuffer<u32> = ctx.alloc_zeroed(64).unwrap();
    let other: DeviceBuffer<u32> = ctx.alloc_zeroed(64).unwrap();
    let event = Arc::new(Event::new(ctx).unwrap());
    let stream = ctx.create_stream().unwrap();
    let mut defs: Vec<Def> = Vec::new();
    let mut graphs: Vec<Graph> = Vec::new();
    let mut input = Input { data, at: 0 };
    let mut launches = 0;
    for _ in 0..MAX_OPS {
        if input.done() {
            break;
        }
        let op = input.byte() % 12;
        if defs.is_empty() || op == 0 {
            if defs.len() >= MAX_DEFS {
                defs.remove(input.pick(defs.len()));
            }
            defs.push(Def {
                def: GraphDefinition::new(ctx).unwrap(),
                deps: Vec::new(),
            });
            continue;
        }
        let d = input.pick(defs.len());
        match op {
            1..=5 => {
                if defs[d].deps.len() >= MAX_NODES {
                    continue;
                }
                // Up to three dependencies, each a node of this definition or of another
                // (which must be refused).
                let mut deps: Vec<GraphNode> = Vec::new();
                let mut foreign = false;
                for _ in 0..input.pick(4) {
                    let from = input.pick(defs.len());
                    if let Some(n) = defs[from].def.node(input.pick(defs[from].deps.len())) {
                        foreign |= from != d;
                        deps.push(n);
                    }
                }
                let target = &defs[d];
                let r = match op {
                    1 => target.def.add_empty(&deps),
                    2 => target.def.add_memset(&deps, &buf, input.byte() as u32),
                    3 => target.def.add_memcpy(&deps, &other, &buf),
                    4 => {
                        let child = input.pick(defs.len());
                        target.def.add_child(&deps, &defs[child].def)
                    }
                    _ => match input.pick(3) {
                        0 => target
                            .def
                            .add_kernel(&deps, &empty, &LaunchConfig::new(1, 32), &[]),
                        1 => {
                            let n = u32::from(input.byte()) << (input.pick(4) * 6);
                            target.def.add_kernel(
                                &deps,
                                &spin,
                                &LaunchConfig::new(2, 64),
                                &[KernelArg::of(&n)],
                            )
                        }
                        _ => target.def.add_event_record(&deps, &event),
                    },
                };
                match r {
                    Ok(node) => {
                        assert!(
                            !foreign,
                            "a node of another graph was taken as a dependency"
                        );
                        let target = &mut defs[d];
                        assert_eq!(node.index(), target.deps.len());
                        target.deps.push(deps.iter().map(|n| n.index()).collect());
                    }
                    // Nothing else is wrong with these nodes.
                    Err(e) => assert!(foreign && matches!(e, Error::InvalidArgument(_)), "{e}"),
                }
                defs[d].check();
            }
            6 => {
                // A batch of up to four edges between nodes of this definition.
                let n = defs[d].deps.len();
                if n == 0 {
                    continue;
                }
                let edges: Vec<(usize, usize)> = (0..1 + input.pick(4))
                    .map(|_| (input.pick(n), input.pick(n)))
                    .collect();
                let handles: Vec<(GraphNode, GraphNode)> = edges
                    .iter()
                    .filter_map(|&(f, t)| Some((defs[d].def.node(f)?, defs[d].def.node(t)?)))
                    .collect();
                // The model: the edges one by one; one that closes a cycle refuses all.
                let mut model = defs[d].deps.clone();
                let mut cycle = false;
                for &(f, t) in &edges {
                    if f == t || waits_for(&model, f, t) {
                        cycle = true;
                        break;
                    }
                    if !model[t].contains(&f) {
                        model[t].push(f);
                    }
                }
                let r = defs[d].def.add_dependencies(&handles);
                assert_eq!(r.is_err(), cycle, "{edges:?}: {r:?}");
                if !cycle {
                    defs[d].deps = model;
                }
                defs[d].check();
            }
            7 => {
                if let Ok(graph) = defs[d].def.instantiate() {
                    if graphs.len() >= MAX_DEFS {
                        graphs.remove(0);
                    }
                    graphs.push(graph);
                }
            }
            8 => {
                launches += 1;
                if launches > MAX_LAUNCHES {
                    continue;
                }
                if let Some(graph) = graphs.get(input.pick(graphs.len())) {
                    match graph.launch(&stream) {
                        Ok(()) | Err(Error::InstructionBudget { .. } | Error::Deadline { .. }) => {}
                        Err(e) => panic!("a graph launch failed: {e}"),
                    }
                }
            }
            9 => {
                if let Some(graph) = graphs.get(input.pick(graphs.len())) {
                    // Any answer: a refused update leaves the graph as it was.
                    let _ = graph.update(&defs[d].def);
                }
            }
            10 => capture(ctx, &mut input, &buf, &empty),
            _ => {
                // The same definition added to itself as a child: a copy of it then.
                let target = &defs[d];
                if target.deps.len() < MAX_NODES && target.def.add_child(&[], &target.def).is_ok() {
                    defs[d].deps.push(Vec::new());
                }
                defs[d].check();
            }
        }
    }
    stream.synchronize().unwrap();
    drop(graphs);
    drop(defs);
    lib.unload().unwrap();
}

/// A capture in any mode with up to four memsets and launches queued, ended, dropped or
/// forgotten, then a check that the stream captures no more once dropped: a synchronous
/// copy works.
fn capture(
    ctx: &Context,
    input: &mut Input<'_>,
    buf: &DeviceBuffer<u32>,
    empty: &cuda_library::Kernel,
) {
    let mode = [
        CaptureMode::Global,
        CaptureMode::ThreadLocal,
        CaptureMode::Relaxed,
    ][input.pick(3)];
    let stream: Stream = ctx.create_stream().unwrap();
    let builder = stream.begin_capture(mode).unwrap();
    let queued = input.pick(5);
    for i in 0..queued {
        if i % 2 == 0 {
            buf.fill_async(i as u32, &stream).unwrap();
        } else {
            cuda_library::launch!(empty, &stream, &LaunchConfig::new(1, 32)).unwrap();
        }
    }
    match input.pick(3) {
        0 => assert_eq!(builder.end().unwrap().len(), queued),
        1 => drop(builder),
        _ => std::mem::forget(builder),
    }
    drop(stream);
    assert!(buf.to_vec().is_ok(), "a capture outlived its stream");
}
