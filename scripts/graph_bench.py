#!/usr/bin/env python3
"""cuda.core's side of core/examples/graph_bench.rs: 100 launches of the fixture's `empty`
kernel one by one on a stream, and the same 100 captured into a graph (GraphBuilder) and
replayed, timed the same way (median of 31 rounds, microseconds per kernel, "enqueue" is the
host time to queue a batch, "end to end" adds the wait for the stream).

    python3 scripts/graph_bench.py [tests/fixtures/kernels.ptx]
"""
import json
import sys
import time

try:
    from cuda.core import Device, LaunchConfig, ObjectCode, launch
except ImportError:  # cuda.core before 1.0
    from cuda.core.experimental import Device, LaunchConfig, ObjectCode, launch

KERNELS = 100
ROUNDS = 31


def batch(stream, queue):
    stream.sync()
    t = time.perf_counter()
    queue()
    enqueue = time.perf_counter() - t
    stream.sync()
    return enqueue, time.perf_counter() - t


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "tests/fixtures/kernels.ptx"
    dev = Device(0)
    dev.set_current()
    with open(path, "rb") as f:
        kernel = ObjectCode.from_ptx(f.read()).get_kernel("empty")
    stream = dev.create_stream()
    cfg = LaunchConfig(grid=1, block=32)

    def launches():
        for _ in range(KERNELS):
            launch(stream, cfg, kernel)

    gb = stream.create_graph_builder()
    gb.begin_building(mode="global")
    for _ in range(KERNELS):
        launch(gb, cfg, kernel)
    gb.end_building()
    graph = gb.complete()
    graph.upload(stream)

    def replay():
        graph.launch(stream)

    for _ in range(3):
        batch(stream, launches)
        batch(stream, replay)
    se, st, ge, gt = [], [], [], []
    for r in range(ROUNDS):
        if r % 2 == 0:
            s = batch(stream, launches)
            g = batch(stream, replay)
        else:
            g = batch(stream, replay)
            s = batch(stream, launches)
        se.append(s[0]); st.append(s[1]); ge.append(g[0]); gt.append(g[1])

    def us(v):
        return sorted(v)[len(v) // 2] * 1e6 / KERNELS

    se, st, ge, gt = us(se), us(st), us(ge), us(gt)
    import cuda.core
    print(f"cuda.core {getattr(cuda.core, '__version__', '?')} on {dev.name}")
    print(f"{KERNELS} empty kernels, median of {ROUNDS} rounds, µs per kernel:")
    print(f"  {'':<28} {'enqueue':>10} {'end to end':>12}")
    print(f"  {'stream launches (launch)':<28} {se:>10.3} {st:>12.3}")
    print(f"  {'graph replay (Graph.launch)':<28} {ge:>10.3} {gt:>12.3}")
    print(json.dumps({"bench": "graph", "side": "cuda.core", "device": dev.name, "kernels": KERNELS,
                      "rounds": ROUNDS, "stream_enqueue_us": round(se, 4), "stream_total_us": round(st, 4),
                      "graph_enqueue_us": round(ge, 4), "graph_total_us": round(gt, 4)}))


if __name__ == "__main__":
    main()
