//! Every GPU of the machine through the driver backend (`tests/common/multi_device.rs`):
//! one library's kernel on a stream of each device, peer access and peer copies between
//! every pair (within one device where there is only one). Prints the device count and
//! each check. Skipped, with the reason printed, without a GPU.

use crate::common::gpu;
use crate::common::multi_device;

gpu_tests![every_gpu_of_the_machine];

pub fn every_gpu_of_the_machine() {
    let _gpu = gpu::context();
    let devices = cuda_library::Device::all().unwrap();
    println!("{} GPU(s)", devices.len());
    for d in &devices {
        println!("  {}: {}", d.ordinal(), d.name().unwrap());
    }
    // On a machine lent for this test, say how many GPUs it must see.
    if let Ok(want) = std::env::var("CUDA_LIBRARY_EXPECT_DEVICES") {
        let want: usize = want
            .parse()
            .expect("CUDA_LIBRARY_EXPECT_DEVICES is a number");
        assert_eq!(
            devices.len(),
            want,
            "GPUs seen vs CUDA_LIBRARY_EXPECT_DEVICES"
        );
    }
    for line in multi_device::run() {
        println!("{line}");
    }
}
