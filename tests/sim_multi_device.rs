//! Several simulated devices (`sim::set_device_count`): devices and their primary contexts,
//! one library launched on all of them, peer access and copies (`tests/common/multi_device.rs`,
//! which `tests/gpu/multi_device.rs` runs on GPUs), independent timelines, and a bad
//! `CUDA_LIBRARY_SIM_DEVICES`. One test: the device count is process-wide.

#[path = "common/multi_device.rs"]
mod multi_device;

use cuda_library::{sim, BackendKind, Device, Error};

#[test]
fn several_simulated_devices() {
    cuda_library::use_backend(BackendKind::Sim).unwrap();
    // A bad environment setting is reported, not ignored (until code sets the count).
    std::env::set_var("CUDA_LIBRARY_SIM_DEVICES", "many");
    let err = Device::count().unwrap_err();
    assert!(
        err.to_string().contains("CUDA_LIBRARY_SIM_DEVICES"),
        "{err}"
    );
    std::env::remove_var("CUDA_LIBRARY_SIM_DEVICES");
    sim::set_device_count(3).unwrap();
    assert_eq!(Device::count().unwrap(), 3);
    let all = Device::all().unwrap();
    let uuids: std::collections::HashSet<String> = all.iter().map(|d| d.uuid().unwrap()).collect();
    assert_eq!(uuids.len(), 3, "{uuids:?}");
    assert!(matches!(
        Device::new(3),
        Err(Error::InvalidDevice {
            ordinal: 3,
            count: 3,
            simulated: true
        })
    ));
    assert!(sim::set_device_count(sim::MAX_DEVICES + 1).is_err());

    for line in multi_device::run() {
        println!("{line}");
    }

    // Each device has its own timeline: work on device 1 does not delay device 0.
    let (c0, c1) = (
        all[0].primary_context().unwrap(),
        all[1].primary_context().unwrap(),
    );
    let before = c0.create_stream().unwrap().simulated_time_ms().unwrap();
    let big = c1.htod(&vec![0u8; 64 << 20]).unwrap(); // a 64 MiB copy on device 1
    let after = c0.create_stream().unwrap().simulated_time_ms().unwrap();
    assert_eq!(before, after, "device 1's copy moved device 0's clock");
    let on1 = c1.create_stream().unwrap().simulated_time_ms().unwrap();
    assert!(on1 > before + 2.0, "{on1} vs {before}");
    drop(big);

    std::env::set_var("CUDA_LIBRARY_SIM_DEVICES", "many");
    assert_eq!(
        Device::count().unwrap(),
        3,
        "a count set in code outranks the variable"
    );
    std::env::remove_var("CUDA_LIBRARY_SIM_DEVICES");
    sim::set_device_count(1).unwrap();
    assert_eq!(Device::count().unwrap(), 1);
}
