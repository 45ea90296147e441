//! Green contexts on the simulator: the simulated H100's SMs split into groups as the driver
//! splits them (`cuDevSmResourceSplitByCount`), and a context that holds one group's SM
//! count ([`Context::green`](super::Context::green)).
//!
//! The simulator does not partition SMs when it runs work: a green context's launches run
//! as any context's do (a cooperative grid's blocks take turns, on as many host threads as
//! fit). What the SM count changes is what it changes on a GPU before a launch runs: a
//! cooperative grid must fit the green context's SMs, not the device's.

use crate::backend::interface::{SmResource, SM_RESOURCE_BYTES};
use crate::error::{Error, Result};

/// The SMs a group is made of a multiple of, and at least. The driver's figure for compute
/// capability 9.0 (the simulated H100): "the minimum count is 8 SMs and must be a multiple
/// of 8" (the CUDA Driver API's green contexts overview); an H100's 8 SMs of a GPC slice
/// stay together, so clusters still fit.
pub(crate) const SM_GRANULARITY: u32 = 8;

/// Where a simulated resource's bytes say it is a group split from SMs (after the type
/// word, where the driver's padding is): the driver does not split a group again.
const GROUP_FLAG_AT: usize = 4;

/// A simulated SM resource of `sms` SMs: the type word `CU_DEV_RESOURCE_TYPE_SM`, and
/// whether it is a group.
pub(crate) fn resource(sms: u32, group: bool) -> SmResource {
    let mut bytes = [0u8; SM_RESOURCE_BYTES];
    bytes[..4].copy_from_slice(&1i32.to_ne_bytes());
    bytes[GROUP_FLAG_AT] = u8::from(group);
    (bytes, sms)
}

/// Whether `r` is a group split from SMs.
pub(crate) fn is_group(r: &SmResource) -> bool {
    r.0[GROUP_FLAG_AT] != 0
}

/// Up to `groups` groups of at least `min_sms` SMs each split from `sms`, and the SMs left
/// over: each group of `min_sms` rounded up to the granularity (all the same size, as the
/// driver's "symmetrical partitions"), as many as fit. `from_group` says that `sms` is a
/// group split before, which the driver does not split again.
pub(crate) fn split(
    sms: u32,
    from_group: bool,
    groups: u32,
    min_sms: u32,
) -> Result<(Vec<u32>, u32)> {
    if from_group {
        return Err(Error::InvalidArgument(
            "a group split from SMs cannot be split again (the driver's rule, \
             CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION): make a green context of it and split \
             that context's device's SMs"
                .to_string(),
        ));
    }
    let size = min_sms
        .max(1)
        .div_ceil(SM_GRANULARITY)
        .saturating_mul(SM_GRANULARITY);
    let made = groups.min(sms / size);
    if made == 0 {
        return Err(Error::InvalidArgument(format!(
            "no group of {min_sms} SMs (rounded up to {size}, a multiple of {SM_GRANULARITY}) \
             fits in {sms} SMs (CUDA_ERROR_INVALID_RESOURCE_CONFIGURATION on the driver): ask \
             for fewer SMs per group"
        )));
    }
    Ok((vec![size; made as usize], sms - made * size))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn groups_are_rounded_up_to_the_granularity_and_the_rest_is_left_over() {
        assert_eq!(split(132, false, 2, 16).unwrap(), (vec![16, 16], 100));
        assert_eq!(split(132, false, 3, 9).unwrap(), (vec![16, 16, 16], 84));
        assert_eq!(split(132, false, 100, 8).unwrap(), (vec![8; 16], 4));
        assert_eq!(split(132, false, 1, 0).unwrap(), (vec![8], 124));
        let too_many = split(132, false, 1, 132).unwrap_err().to_string();
        assert!(too_many.contains("136"), "{too_many}");
        assert!(split(16, true, 1, 8).is_err(), "a group is not split again");
    }
}
