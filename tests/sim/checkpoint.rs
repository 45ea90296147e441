//! Checkpointing on the simulator: refused, with the reason and what to do.

use cuda_library::{BackendKind, CheckpointProcess, Error};

#[test]
fn checkpoints_are_refused_with_the_reason() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let me = CheckpointProcess::new(std::process::id()).unwrap();
    for result in [
        me.state().map(|_| ()),
        me.lock(None),
        me.checkpoint(),
        me.restore(),
        me.unlock(),
        me.restore_thread_id().map(|_| ()),
    ] {
        match result {
            Err(e @ Error::Unsupported(_)) => {
                let text = e.to_string();
                assert!(text.contains("no driver state"), "{text}");
                assert!(text.contains("CUDA_LIBRARY_BACKEND=driver"), "{text}");
            }
            other => panic!("expected Error::Unsupported, got {other:?}"),
        }
    }
}
