//! Green contexts on the simulator: refused, with the reason and what to do.

use cuda_library::{BackendKind, Device, Error};

#[test]
fn green_contexts_are_refused_with_the_reason() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    let device = Device::new(0).unwrap();
    match device.sm_resource() {
        Err(e @ Error::Unsupported(_)) => {
            let text = e.to_string();
            assert!(text.contains("no SM partitions"), "{text}");
            assert!(text.contains("CUDA_LIBRARY_BACKEND=driver"), "{text}");
        }
        other => panic!("expected Error::Unsupported, got {other:?}"),
    }
}
