#ifndef _REDUCTION_H_
#define _REDUCTION_H_

// @reduction_wrp_atmc_kernel.cu
// @reduction_blk_atmc_kernel.cu
// @reduction_kernel.cu


#endif // _REDUCTION_H_