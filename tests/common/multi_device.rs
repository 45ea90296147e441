//! The multi-device checks both backends run (`tests/sim_multi_device.rs` with simulated
//! devices, `tests/gpu/multi_device.rs` with every GPU of the machine): one library's kernel
//! launched on a stream of each device with that device's buffers, peer access and peer
//! copies (synchronous and on a stream) between every pair, and the errors of misuse.
#![allow(dead_code)]

use cuda_library::{Device, DeviceBuffer, Error, LaunchConfig, Library};

const KERNELS_PTX: &[u8] = include_bytes!("../fixtures/kernels.ptx");

/// Runs the checks over every device; returns what was checked, one line each.
pub fn run() -> Vec<String> {
    let mut done = Vec::new();
    let devices = Device::all().unwrap();
    let lib = Library::load_data(KERNELS_PTX, &Default::default()).unwrap();
    let saxpy = lib.get_kernel("saxpy").unwrap();
    let n = 50_000usize;
    // One kernel, every device: each launch on the device's stream with its buffers.
    let mut ys = Vec::new();
    for d in &devices {
        let ctx = d.primary_context().unwrap();
        assert_eq!(ctx.device_ordinal(), d.ordinal());
        let s = ctx.create_stream().unwrap();
        let x = DeviceBuffer::from_slice(&ctx, &vec![d.ordinal() as f32 + 1.0; n]).unwrap();
        let y = DeviceBuffer::from_slice(&ctx, &vec![1.0f32; n]).unwrap();
        saxpy
            .launcher(&s)
            .config(LaunchConfig::for_num_elems(n as u32, 256))
            .arg(&3.0f32)
            .arg(&x)
            .arg(&y)
            .arg(&(n as i32))
            .launch()
            .unwrap();
        s.synchronize().unwrap();
        let want = 3.0 * (d.ordinal() as f32 + 1.0) + 1.0;
        assert!(y.to_vec().unwrap().iter().all(|&v| v == want));
        ys.push((ctx, s, y, want));
    }
    done.push(format!(
        "saxpy from one library on each of {} device(s)",
        devices.len()
    ));
    // Attributes and occupancy of the one kernel, asked of each device.
    for d in &devices {
        let a = saxpy.attributes(d).unwrap();
        assert!(a.max_threads_per_block > 0);
        d.set_current().unwrap();
        let blocks = saxpy.max_active_blocks_per_sm(256, 0).unwrap();
        assert!(blocks > 0);
        let (grid, block) = saxpy.max_potential_block_size(0, 0).unwrap();
        assert!(grid > 0 && block > 0);
        done.push(format!(
            "device {}: saxpy attributes (max {} threads per block), occupancy {} blocks of 256 per SM, best block {block}",
            d.ordinal(),
            a.max_threads_per_block,
            blocks
        ));
    }

    // A device is not its own peer.
    let (c0, s0, y0, w0) = &ys[0];
    assert!(!devices[0].can_access_peer(&devices[0]).unwrap());
    let err = c0.enable_peer_access(c0).unwrap_err();
    assert!(matches!(err, Error::InvalidArgument(_)), "{err}");
    // Peer copies within a device work too (cuMemcpyPeer with one context).
    let copy = DeviceBuffer::<f32>::zeroed(c0, n).unwrap();
    copy.copy_from_peer(y0).unwrap();
    assert!(copy.to_vec().unwrap().iter().all(|v| v == w0));
    copy.fill(0.0).unwrap();
    copy.copy_from_peer_async(y0, s0).unwrap();
    s0.synchronize().unwrap();
    assert!(copy.to_vec().unwrap().iter().all(|v| v == w0));
    let short = DeviceBuffer::<f32>::zeroed(c0, n - 1).unwrap();
    assert!(matches!(
        short.copy_from_peer(y0),
        Err(Error::SizeMismatch { .. })
    ));
    done.push("peer copies within device 0, and the errors of misuse".into());

    // Every ordered pair of devices.
    for (i, (ci, si, _, _)) in ys.iter().enumerate() {
        for (j, (cj, _, yj, wj)) in ys.iter().enumerate() {
            if i == j {
                continue;
            }
            let can = devices[i].can_access_peer(&devices[j]).unwrap();
            if can {
                ci.enable_peer_access(cj).unwrap();
                ci.enable_peer_access(cj).unwrap(); // twice is fine
            } else {
                assert!(matches!(
                    ci.enable_peer_access(cj),
                    Err(Error::Unsupported(_))
                ));
            }
            let dst = DeviceBuffer::<f32>::zeroed(ci, n).unwrap();
            dst.copy_from_peer(yj).unwrap();
            assert!(dst.to_vec().unwrap().iter().all(|v| v == wj));
            dst.fill(0.0).unwrap();
            dst.copy_from_peer_async(yj, si).unwrap();
            si.synchronize().unwrap();
            assert!(dst.to_vec().unwrap().iter().all(|v| v == wj));
            done.push(format!(
                "device {j} -> device {i}: peer copies (peer access {})",
                if can { "enabled" } else { "not available" }
            ));
        }
    }
    done
}
