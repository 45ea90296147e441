//! Green contexts on the simulator: the simulated H100's 132 SMs split as the driver splits
//! them, and a cooperative launch in a green context checked against its SMs
//! (`common::cluster`, which `tests/gpu/green.rs` runs on a GPU). The simulator does not
//! partition SMs when it runs work: a green context's launches run as any context's.

use cuda_library::{BackendKind, Device, GreenContext};

use crate::common::cluster;

fn device() -> Device {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    Device::new(0).unwrap()
}

#[test]
fn the_sms_split_into_groups_of_eight() {
    let device = device();
    let all = device.sm_resource().unwrap();
    assert_eq!(all.sm_count(), 132);
    let split = all.split(2, 12).unwrap();
    let groups: Vec<u32> = split.groups.iter().map(|g| g.sm_count()).collect();
    assert_eq!(groups, [16, 16], "12 SMs rounded up to a multiple of 8");
    assert_eq!(split.remaining.sm_count(), 100);
    // A group is not split again; a split that fits no group is refused.
    let e = split.groups[0].split(1, 8).unwrap_err();
    assert!(e.to_string().contains("cannot be split again"), "{e}");
    let e = all.split(1, 130).unwrap_err();
    assert!(
        e.to_string().contains("INVALID_RESOURCE_CONFIGURATION"),
        "{e}"
    );
    assert!(all.split(0, 8).is_err());
}

#[test]
fn a_green_context_is_an_ordinary_context_otherwise() {
    let device = device();
    let split = device.sm_resource().unwrap().split(1, 8).unwrap();
    let green = GreenContext::new(&split.groups[0]).unwrap();
    assert_eq!(green.sm_count(), 8);
    let buf = green.htod(&[1u32, 2, 3]).unwrap();
    let stream = green.create_stream().unwrap();
    let copy = green.alloc_zeroed::<u32>(3).unwrap();
    copy.copy_from_buffer_async(&buf, &stream).unwrap();
    stream.synchronize().unwrap();
    assert_eq!(copy.to_vec().unwrap(), [1, 2, 3]);
}

#[test]
fn cooperative_grid_in_a_green_context() {
    let ctx = device().set_current().unwrap();
    cluster::cooperative_grid_in_a_green_context(&ctx);
}
